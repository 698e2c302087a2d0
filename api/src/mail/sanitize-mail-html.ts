import sanitizeHtml from 'sanitize-html';

/**
 * The attribute a remote image's address is kept in: nothing loads it until the agent asks
 * ("Show images"), so opening a mail never tells its sender it was read.
 */
export const remoteImageAttribute = 'data-remote-src';

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
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['alt', 'title', 'width', 'height', remoteImageAttribute],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      table: ['width', 'border', 'cellpadding', 'cellspacing'],
      font: ['color'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
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
        delete rest[remoteImageAttribute];
        const remote = src && /^https?:\/\//i.test(src) ? src : undefined;
        return {
          tagName,
          attribs: { ...rest, ...(remote ? { [remoteImageAttribute]: remote } : {}) },
        };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs[remoteImageAttribute],
  });
}
