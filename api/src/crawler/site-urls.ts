/**
 * Which addresses belong to the site being crawled, and in what one spelling: the crawl dedupes
 * on these strings, so two spellings of one page must become one.
 */

/** Extensions that are never an HTML page: skipped before any request, so none is downloaded. */
const nonHtmlExtensions = new Set(
  [
    'pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv txt epub',
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic',
    'zip gz tgz rar 7z tar bz2 dmg exe msi apk iso bin',
    'mp3 mp4 m4a m4v wav ogg oga ogv webm mov avi mkv flac',
    'css js mjs map json xml rss atom woff woff2 ttf otf eot',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The one spelling of `href` (resolved against `base` when relative): http(s) only, fragment
 * dropped (it names a place in the same page), host lower-cased and default port dropped (the
 * URL parser does both), query kept (it may select different content). Undefined for what is
 * not a web page address: mailto:, tel:, javascript:, data:, unparsable text.
 */
export function normalizeUrl(href: string, base?: string | URL): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // Credentials in a link are either a mistake or a trap; never send them.
  if (url.username || url.password) return undefined;
  url.hash = '';
  return url.href;
}

/** The host a site is known by: `www.` is the same site as the bare host. */
function siteHost(url: URL): string {
  return url.hostname.startsWith('www.') ? url.hostname.slice(4) : url.hostname;
}

function parse(url: string | URL): URL | undefined {
  if (url instanceof URL) return url;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Whether `a` and `b` are pages of one site: same host (with or without `www.`), http or https.
 * A port other than the scheme's default is a different server, so it must match exactly.
 */
export function sameSite(a: string | URL, b: string | URL): boolean {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return false;
  const web = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';
  if (!web(left) || !web(right)) return false;
  return siteHost(left) === siteHost(right) && left.port === right.port;
}

/** Whether the address's extension says it is a file, not a page (checked on the path only). */
export function looksLikeFile(url: string | URL): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  const lastSegment = parsed.pathname.slice(parsed.pathname.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  if (dot < 0) return false;
  return nonHtmlExtensions.has(lastSegment.slice(dot + 1).toLowerCase());
}

/** `scheme://host[:port]` of an address, the place robots.txt and sitemap.xml live. */
export function originOf(url: string | URL): string {
  const parsed = parse(url);
  if (!parsed) throw new TypeError(`Not an address: ${String(url)}`);
  return parsed.origin;
}
