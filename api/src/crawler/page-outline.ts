import { Parser } from 'htmlparser2';
import { normalizeUrl } from './site-urls';

/** What discovery needs of a page, read in one streaming pass (no DOM is built). */
export interface PageOutline {
  /** The first <title> of the document, as written. */
  title?: string;
  /** The text of the first <h1>, as written. */
  h1?: string;
  /** Every <a>/<area> address, absolute and normalised, each once, in page order. */
  links: string[];
}

/** The title, first heading and links of an HTML page read from `pageUrl`. */
export function outlinePage(html: string, pageUrl: string): PageOutline {
  let base = pageUrl;
  let title: string | undefined;
  let h1: string | undefined;
  let inTitle = false;
  let inH1 = false;
  let baseSeen = false;
  // An inline <svg> has <title> elements of its own, which are not the page's.
  let svgDepth = 0;
  const hrefs: string[] = [];

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg') svgDepth++;
        else if (name === 'title' && svgDepth === 0 && title === undefined) {
          inTitle = true;
          title = '';
        } else if (name === 'h1' && h1 === undefined) {
          inH1 = true;
          h1 = '';
        } else if (name === 'base' && attributes.href !== undefined && !baseSeen) {
          // <base> moves every relative link of the page; only the first one counts.
          baseSeen = true;
          base = normalizeUrl(attributes.href, pageUrl) ?? base;
        } else if ((name === 'a' || name === 'area') && attributes.href !== undefined) {
          hrefs.push(attributes.href);
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inH1) h1 += text;
      },
      onclosetag(name) {
        if (name === 'svg') svgDepth = Math.max(0, svgDepth - 1);
        else if (name === 'title') inTitle = false;
        else if (name === 'h1') inH1 = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

  const links = new Set<string>();
  for (const href of hrefs) {
    const url = normalizeUrl(href, base);
    if (url) links.add(url);
  }
  return { title, h1, links: [...links] };
}
