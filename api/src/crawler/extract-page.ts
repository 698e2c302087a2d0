import { createHash } from 'node:crypto';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { collapseWhitespace, pageTitle } from './html-response';

/** A piece of a page's text for the bot's search index, with the headings it sits under. */
export interface PagePassage {
  /** From the outermost heading down, e.g. ["Shipping", "Delivery times"]. */
  headings: string[];
  text: string;
}

export interface ExtractedPage {
  title: string;
  passages: PagePassage[];
  /** Changes when the passages do, and only then: a new layout of the same text keeps it. */
  contentHash: string;
}

/** Passages are cut to at most this many characters, like the bot's own (bot/passages.ts). */
export const passageMaxChars = 600;

/** Never content: scripts, controls, and the site's frame around the page. */
const boilerplate = [
  'script, style, noscript, template, svg, canvas, iframe, object, embed',
  'button, input, select, textarea, option',
  'nav, aside, footer, dialog, [hidden], [aria-hidden="true"]',
  '[role="navigation"], [role="contentinfo"], [role="complementary"], [role="search"]',
  '[role="banner"], [role="dialog"], [role="alertdialog"]',
].join(', ');

/** Cookie and consent banners, which Readability keeps when they hold a sentence or two. */
const bannerCandidates = ['cookie', 'consent', 'gdpr', 'onetrust']
  .map((word) => `[id*="${word}" i], [class*="${word}" i]`)
  .join(', ');
/** Of those, the banners: a bakery's "cookie-recipes" is content. */
const bannerName =
  /consent|onetrust|cookiebot|(cookie|gdpr)[\w-]*(banner|notice|bar|popup|modal|message|law|alert)/i;

/** Elements whose end ends a piece of text (a new line, visually). */
const blockTags = new Set(
  (
    'address article blockquote caption dd details div dl dt fieldset figcaption figure form ' +
    'header hr li main ol p pre section summary table tbody tfoot thead tr ul'
  ).split(' '),
);

const levelAttribute = 'data-parley-level';

// The api is type-checked without the DOM library (it runs on Node): these are the parts of
// linkedom's DOM used here.
interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: Iterable<DomNode>;
}
interface DomElement extends DomNode {
  readonly localName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  closest(selector: string): DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
  remove(): void;
}
interface DomDocument {
  readonly body: DomElement | null;
  readonly documentElement: DomElement;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
}

function parseDocument(html: string): DomDocument {
  // linkedom builds no <html>/<body> around a fragment, as browsers do: add them.
  const whole = /<html[\s>]/i.test(html) ? html : `<html><head></head><body>${html}</body></html>`;
  return parseHTML(whole).document as unknown as DomDocument;
}

/** Drops the site's frame and anything that is not text, before any content is looked for. */
function dropBoilerplate(document: DomDocument): void {
  for (const element of document.querySelectorAll(boilerplate)) element.remove();
  for (const element of document.querySelectorAll(bannerCandidates)) {
    const names = `${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`;
    if (!bannerName.test(names)) continue;
    // A class like "has-cookie-bar" on <body> or a whole article names a page, not a banner.
    const tag = element.localName;
    if (tag === 'html' || tag === 'body' || tag === 'main' || tag === 'article') continue;
    if ((element.textContent ?? '').length < 2000) element.remove();
  }
  // A page-wide <header> is the site's logo and menu; one inside the content is the article's.
  for (const element of document.querySelectorAll('header')) {
    if (!element.closest('main, article')) element.remove();
  }
}

/** The original level of each heading, which Readability does not keep (it makes h1s h2s). */
function markHeadingLevels(document: DomDocument): void {
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    heading.setAttribute(levelAttribute, heading.localName.slice(1));
  }
}

/** The main content as Readability sees it; undefined when it finds none. */
function readableContent(document: DomDocument): DomElement | undefined {
  try {
    const article = new Readability<DomElement>(
      document as unknown as ConstructorParameters<typeof Readability>[0],
      { serializer: (node) => node as unknown as DomElement },
    ).parse();
    const content = article?.content;
    if (content && collapseWhitespace(content.textContent ?? '')) return content;
  } catch {
    // Readability gives up on some documents (no <body>): the fallback reads them.
  }
  return undefined;
}

/** Splits text longer than a passage at sentence ends, then (a sentence that long) at spaces. */
function pieces(text: string): string[] {
  if (text.length <= passageMaxChars) return [text];
  const result: string[] = [];
  for (const sentence of text.split(/(?<=[.!?…])\s+/)) {
    let rest = sentence;
    while (rest.length > passageMaxChars) {
      const space = rest.lastIndexOf(' ', passageMaxChars);
      const cut = space > 0 ? space : passageMaxChars;
      result.push(rest.slice(0, cut));
      rest = rest.slice(cut).trim();
    }
    if (rest) result.push(rest);
  }
  return result;
}

/** Gathers text into passages of at most `passageMaxChars`, each under one heading path. */
class PassageWriter {
  readonly passages: PagePassage[] = [];
  private readonly headings: { level: number; text: string }[] = [];
  private current: string[] = [];
  private currentLength = 0;

  heading(level: number, text: string): void {
    this.endPassage();
    while ((this.headings.at(-1)?.level ?? 0) >= level) this.headings.pop();
    if (text) this.headings.push({ level, text });
  }

  text(block: string): void {
    for (const piece of pieces(block)) {
      if (this.currentLength > 0 && this.currentLength + 1 + piece.length > passageMaxChars) {
        this.endPassage();
      }
      this.currentLength += (this.currentLength > 0 ? 1 : 0) + piece.length;
      this.current.push(piece);
    }
  }

  endPassage(): void {
    if (this.current.length === 0) return;
    const headings = this.headings.map((heading) => heading.text);
    this.passages.push({ headings, text: this.current.join(' ') });
    this.current = [];
    this.currentLength = 0;
  }
}

/** Reads `root`'s text in document order into `writer`, block by block. */
function writeContent(root: DomElement, writer: PassageWriter): void {
  let block = '';
  const endBlock = () => {
    const text = collapseWhitespace(block);
    block = '';
    if (text) writer.text(text);
  };
  const visit = (node: DomNode) => {
    if (node.nodeType === 3) {
      block += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as DomElement;
    const tag = element.localName;
    // Only the fallback reads a whole document, whose <head> holds no page text.
    if (tag === 'head') return;
    if (/^h[1-6]$/.test(tag)) {
      endBlock();
      const level = Number(element.getAttribute(levelAttribute) ?? tag.slice(1));
      writer.heading(level, collapseWhitespace(element.textContent ?? ''));
      return;
    }
    if (tag === 'br') block += ' ';
    // Cells of one row stay one piece of text, told apart as a reader would see them.
    if ((tag === 'td' || tag === 'th') && block.trim()) block += ' | ';
    const isBlock = blockTags.has(tag);
    if (isBlock) endBlock();
    for (const child of element.childNodes) visit(child);
    if (isBlock) endBlock();
  };
  visit(root);
  endBlock();
  writer.endPassage();
}

/**
 * The main text of an HTML page read from `url`, in passages: the site's navigation, footer and
 * banners left out, each passage under its heading path.
 */
export function extractPage(html: string, url: string): ExtractedPage {
  let document = parseDocument(html);
  // An inline <svg> has <title>s of its own, which are not the page's.
  const titleElement = [...document.querySelectorAll('title')].find((e) => !e.closest('svg'));
  const firstH1 = document.querySelector('h1')?.textContent ?? undefined;
  const title = pageTitle(titleElement?.textContent ?? undefined, firstH1, url);

  dropBoilerplate(document);
  markHeadingLevels(document);
  const pageHeading = collapseWhitespace(document.querySelector('h1')?.textContent ?? '');
  let content = readableContent(document);
  if (!content) {
    // Readability changed the document as it went: the fallback starts again from the HTML.
    document = parseDocument(html);
    dropBoilerplate(document);
    markHeadingLevels(document);
    content = document.body ?? document.documentElement;
  }

  const writer = new PassageWriter();
  // Readability drops the h1 that repeats the page title; the passages still sit under it.
  const keptH1 = [...content.querySelectorAll(`[${levelAttribute}="1"]`)].some(
    (heading) => collapseWhitespace(heading.textContent ?? '') === pageHeading,
  );
  if (pageHeading && !keptH1) writer.heading(1, pageHeading);
  writeContent(content, writer);

  const passages = writer.passages;
  const contentHash = createHash('sha256')
    .update(JSON.stringify(passages.map(({ headings, text }) => [headings, text])))
    .digest('hex');
  return { title, passages, contentHash };
}
