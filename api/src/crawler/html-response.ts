/** Telling an HTML answer from anything else, and turning its bytes into text. */

/** The media type of a Content-Type header, lower-cased, parameters dropped. */
export function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/**
 * Whether a Content-Type can be an HTML page. A missing header passes here (servers forget it)
 * and the body is looked at instead, by `looksLikeHtml`.
 */
export function isHtmlContentType(contentType: string | undefined): boolean {
  const type = mediaType(contentType);
  return type === undefined || type === 'text/html' || type === 'application/xhtml+xml';
}

/** For an answer without Content-Type: markup starts with a tag. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text);
}

/** The charset a Content-Type header or the page's own <meta> declares, if any. */
function declaredCharset(body: Buffer, contentType: string | undefined): string | undefined {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader) return fromHeader;
  // HTML says the declaration must be in the first 1024 bytes; latin1 keeps bytes as they are.
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

/** The page's text, decoded with the charset it declares (UTF-8 when none or unknown). */
export function decodeHtml(body: Buffer, contentType: string | undefined): string {
  const charset = declaredCharset(body, contentType);
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // An unknown label: UTF-8 is what most pages turn out to be.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}

/** Runs of whitespace (newlines, tabs, non-breaking spaces) as one space, ends trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * What a page is called in lists: its <title>, else its first <h1>, else its path (so no page
 * is listed without a name).
 */
export function pageTitle(title: string | undefined, h1: string | undefined, url: string): string {
  const fromTitle = collapseWhitespace(title ?? '');
  if (fromTitle) return fromTitle;
  const fromH1 = collapseWhitespace(h1 ?? '');
  if (fromH1) return fromH1;
  const { pathname, search } = new URL(url);
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the path as it is still names the page.
  }
  return `${path}${search}`;
}
