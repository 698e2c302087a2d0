import sanitizeHtml from 'sanitize-html';

/**
 * The attribute a remote image's address is kept in: nothing loads it until the agent asks
 * ("Show images"), so opening a mail never tells its sender it was read.
 */
export const remoteImageAttribute = 'data-remote-src';

/**
 * Where an inline image (`src="cid:…"`) keeps the Content-ID of the mail part it shows until
 * that part is stored; `pointInlineImages` then gives it the part's download URL.
 */
export const inlineImageAttribute = 'data-cid';

const allowedAttributes = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['alt', 'title', 'width', 'height', remoteImageAttribute, inlineImageAttribute],
  td: ['colspan', 'rowspan', 'align', 'valign'],
  th: ['colspan', 'rowspan', 'align', 'valign'],
  table: ['width', 'border', 'cellpadding', 'cellspacing'],
  font: ['color'],
  '*': ['dir', 'lang'],
};
const allowedSchemes = ['http', 'https', 'mailto'];

const allowedTags = [
  ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'img'),
  'img',
  'font',
  'center',
  'span',
  'div',
];

/**
 * A mail's HTML made safe to show to an agent, on the server before anyone sees it: no scripts,
 * styles' expressions, frames, forms or event handlers (an allowlist of tags and attributes),
 * links open in a new tab without access to the inbox (noopener), and remote images held back
 * (remoteImageAttribute). `textOnly`: every tag dropped, block ends kept as line breaks.
 */
export function sanitizeMailHtml(html: string, { textOnly = false } = {}): string {
  if (textOnly) {
    return sanitizeHtml(
      html.replace(/<\/(p|div|tr|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, (tag) => `${tag}\n`),
      { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'head', 'title'] },
    );
  }
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes,
    allowedSchemes,
    allowProtocolRelative: false,
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'head', 'title'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          target: '_blank',
          rel: 'noopener noreferrer',
        },
      }),
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        // Only this sanitizer writes these two: a sender's own are dropped.
        delete rest[remoteImageAttribute];
        delete rest[inlineImageAttribute];
        const remote = src && /^https?:\/\//i.test(src) ? src : undefined;
        const inline = src && /^cid:/i.test(src) ? contentIdOf(src.slice(4)) : undefined;
        return {
          tagName,
          attribs: {
            ...rest,
            ...(remote ? { [remoteImageAttribute]: remote } : {}),
            ...(inline ? { [inlineImageAttribute]: inline } : {}),
          },
        };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !frame.attribs[remoteImageAttribute] &&
      !frame.attribs[inlineImageAttribute],
  });
}

/** A Content-ID as `cid:` URLs and part headers both name it: no brackets, decoded, lower case. */
export function contentIdOf(value: string): string {
  let id = value.trim().replace(/^<|>$/g, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not URL-encoded after all: kept as written.
  }
  return id.toLowerCase();
}

/**
 * Sanitized HTML whose inline images point at their stored parts' URLs (served to members of the
 * workspace, as every attachment is). An image whose part the mail did not carry is removed.
 */
export function pointInlineImages(html: string, urls: ReadonlyMap<string, string>): string {
  if (!html.includes(`${inlineImageAttribute}=`)) return html;
  return sanitizeHtml(html, {
    // The same allowlist, plus the src this pass gives inline images (our own URLs).
    allowedTags,
    allowedAttributes: { ...allowedAttributes, img: [...allowedAttributes.img, 'src'] },
    allowedSchemes,
    allowProtocolRelative: false,
    transformTags: {
      img: (tagName, attribs) => {
        const { [inlineImageAttribute]: cid, ...rest } = attribs;
        const url = cid ? urls.get(cid) : undefined;
        return { tagName, attribs: url ? { ...rest, src: url } : rest };
      },
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' && !frame.attribs.src && !frame.attribs[remoteImageAttribute],
  });
}
