import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';
import type { OutboundFetch } from '../outbound/outbound-types';
import type { CrawlLimits } from './crawl-limits';
import type { RobotsRules } from './robots';
import { looksLikeFile, normalizeUrl, sameSite } from './site-urls';

/** The sitemap protocol allows 50 MB uncompressed; a site that big gives maxPages long before. */
const sitemapMaxBytes = 10 * 1024 * 1024;

/**
 * Levels of sitemap indexes followed (the protocol allows one; some sites nest): an index of
 * indexes of indexes is already unusual, deeper is a loop or a trap.
 */
const maxSitemapDepth = 3;

/** Sitemap files read in one discovery, whatever the indexes list. */
const maxSitemapFiles = 50;

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex';
  /** The <loc> of each <url> (urlset) or <sitemap> (sitemapindex), as written. */
  locs: string[];
}

/** A sitemap's addresses; undefined when the text is not a sitemap (an HTML page, garbage). */
export function parseSitemap(xml: string): ParsedSitemap | undefined {
  let root: string | undefined;
  const open: string[] = [];
  const locs: string[] = [];
  let loc: string | undefined;
  // Names without their namespace prefix: some generators write <sm:url>.
  const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        root ??= tag;
        const entry = root === 'urlset' ? 'url' : 'sitemap';
        if (tag === 'loc' && open.length === 2 && open[1] === entry) loc = '';
        open.push(tag);
      },
      ontext(text) {
        if (loc !== undefined) loc += text;
      },
      onclosetag(name) {
        if (local(name) === 'loc' && loc !== undefined) {
          if (loc.trim()) locs.push(loc.trim());
          loc = undefined;
        }
        open.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (root !== 'urlset' && root !== 'sitemapindex') return undefined;
  return { kind: root, locs };
}

/** A sitemap file's text: gzipped ones (`.xml.gz`) are recognised by their first bytes. */
function sitemapText(body: Buffer): string | undefined {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body.toString('utf8');
  try {
    return gunzipSync(body, { maxOutputLength: sitemapMaxBytes }).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface ReadSitemapsOptions {
  /** The address typed: only pages of its site are kept. */
  siteUrl: string;
  /** Those robots.txt names; when none, `/sitemap.xml` is tried. */
  sitemapUrls: readonly string[];
  fetch: OutboundFetch;
  limits: Pick<CrawlLimits, 'maxPages' | 'timeoutMs'>;
  /** Pages it disallows are left out, so they do not use up `maxPages`. */
  robots?: RobotsRules;
  signal?: AbortSignal;
}

/**
 * The site's pages its sitemaps list (indexes followed), normalised, at most `maxPages`. A
 * sitemap that fails or is not one is passed over: sitemaps only add seeds to the crawl. Stops
 * early, with what it has, when `signal` aborts.
 */
export async function readSitemaps(options: ReadSitemapsOptions): Promise<string[]> {
  const { siteUrl, fetch, limits, robots, signal } = options;
  const pages = new Set<string>();
  const queue: { url: string; depth: number }[] = [];
  const seen = new Set<string>();
  const enqueue = (href: string, depth: number, base?: string) => {
    const url = normalizeUrl(href, base);
    if (url && !seen.has(url)) {
      seen.add(url);
      queue.push({ url, depth });
    }
  };
  for (const url of options.sitemapUrls) enqueue(url, 0);
  if (queue.length === 0) {
    // No sitemap named: the conventional place, unless robots.txt keeps us out of it.
    const guess = new URL('/sitemap.xml', siteUrl).href;
    if (!robots || robots.isAllowed(guess)) enqueue(guess, 0);
  }

  for (let read = 0; read < maxSitemapFiles && pages.size < limits.maxPages; read++) {
    const next = queue.shift();
    if (!next || signal?.aborted) break;
    let text: string | undefined;
    try {
      const response = await fetch(next.url, {
        maxBytes: sitemapMaxBytes,
        accept: 'application/xml, text/xml;q=0.9, */*;q=0.5',
        timeoutMs: limits.timeoutMs,
        maxRedirects: 5,
        allowRedirect: (to) => sameSite(to, next.url),
        signal,
      });
      if (response.status === 200) text = sitemapText(response.body);
    } catch {
      // Unreadable (404 page, refused, too large): other sitemaps may still be read.
      continue;
    }
    const sitemap = text === undefined ? undefined : parseSitemap(text);
    if (!sitemap) continue;
    if (sitemap.kind === 'sitemapindex') {
      if (next.depth < maxSitemapDepth) {
        for (const loc of sitemap.locs) enqueue(loc, next.depth + 1, next.url);
      }
      continue;
    }
    for (const loc of sitemap.locs) {
      const page = normalizeUrl(loc, next.url);
      if (!page || !sameSite(page, siteUrl) || looksLikeFile(page)) continue;
      if (robots && !robots.isAllowed(page)) continue;
      pages.add(page);
      if (pages.size >= limits.maxPages) break;
    }
  }
  return [...pages];
}
