import { OutboundError } from '../outbound/outbound-types';
import type { OutboundFetch, OutboundResponse } from '../outbound/outbound-types';
import { crawlLimits, robotsAgentToken } from './crawl-limits';
import type { CrawlLimits } from './crawl-limits';
import { decodeHtml, isHtmlContentType, looksLikeHtml, pageTitle } from './html-response';
import { outlinePage } from './page-outline';
import { loadRobots } from './robots';
import { readSitemaps } from './sitemaps';
import { looksLikeFile, normalizeUrl, originOf, sameSite } from './site-urls';

/** A page the admin may pick to train the bot on. */
export interface DiscoveredLink {
  url: string;
  title: string;
}

export interface DiscoveryProgress {
  /** Distinct pages of the site known so far (fetched or waiting), at most `maxPages`. */
  pagesFound: number;
  /** Pages requested so far, whatever they answered. */
  pagesFetched: number;
  /** The pages listable so far, in the order they were found. */
  links: readonly DiscoveredLink[];
}

export interface DiscoveryResult extends DiscoveryProgress {
  links: DiscoveredLink[];
  /** Why discovery ended before it had seen the whole site. */
  stoppedBy?: 'page-limit' | 'aborted';
  /** When no page could be listed for a reason the admin can act on: that reason, in words. */
  notice?: string;
}

export interface DiscoverLinksOptions {
  /** The site's address, as the admin typed it. */
  baseUrl: string;
  fetch: OutboundFetch;
  limits?: Partial<CrawlLimits>;
  /** Aborting (cancel, time limit) ends discovery with what was found so far. */
  signal?: AbortSignal;
  /** Called after each page; throttling is the caller's business. */
  onProgress?: (progress: DiscoveryProgress) => void;
}

interface QueuedPage {
  url: string;
  depth: number;
  /** Position in discovery order, which is the order links are listed in. */
  order: number;
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks which). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Lists the HTML pages of the site at `baseUrl`: the address itself and its sitemaps' pages
 * first, then the same-site links of each page read, breadth first, to `maxDepth` links away.
 * Pages robots.txt disallows are never requested. Resolves with what was found when `signal`
 * aborts; rejects with the OutboundError when the site cannot be reached at all.
 */
export async function discoverLinks(options: DiscoverLinksOptions): Promise<DiscoveryResult> {
  const { fetch, signal, onProgress } = options;
  const limits = crawlLimits(options.limits);
  const baseUrl = normalizeUrl(options.baseUrl);
  if (!baseUrl) {
    throw new OutboundError('bad-url', `"${options.baseUrl}" is not the address of a web site.`);
  }

  const known = new Map<string, number>();
  const queue: QueuedPage[] = [];
  /** Addresses already answered, reached directly or at the end of a redirect. */
  const reached = new Set<string>();
  const listed: { order: number; link: DiscoveredLink }[] = [];
  let pagesFetched = 0;
  let hitPageLimit = false;
  let stopped = false;
  let baseFailure: unknown;
  let notice: string | undefined;

  const links = () => listed.map((entry) => entry.link);
  const result = (): DiscoveryResult => ({
    links: links(),
    pagesFound: known.size,
    pagesFetched,
    ...(signal?.aborted
      ? { stoppedBy: 'aborted' as const }
      : hitPageLimit
        ? { stoppedBy: 'page-limit' as const }
        : {}),
    ...(notice && listed.length === 0 ? { notice } : {}),
  });
  if (signal?.aborted) return result();

  const robots = await loadRobots(originOf(baseUrl), fetch, limits, signal);
  if (signal?.aborted) return result();
  // robots.txt was refused outright (refused address, DNS...): every page would fail alike.
  if (robots.error) throw robots.error;

  const enqueue = (url: string, depth: number) => {
    if (!sameSite(url, baseUrl) || looksLikeFile(url) || known.has(url) || reached.has(url)) return;
    if (depth > limits.maxDepth || !robots.isAllowed(url)) return;
    if (known.size >= limits.maxPages) {
      hitPageLimit = true;
      return;
    }
    known.set(url, known.size);
    queue.push({ url, depth, order: known.size - 1 });
  };

  enqueue(baseUrl, 0);
  if (known.size === 0) {
    notice =
      robots.blockedReason ??
      `The site's robots.txt does not allow ${robotsAgentToken(limits)} to read ${baseUrl}.`;
  }
  const sitemapPages = await readSitemaps({
    siteUrl: baseUrl,
    sitemapUrls: robots.sitemaps,
    fetch,
    limits,
    robots,
    signal,
  });
  if (signal?.aborted) return result();
  // Seeds like the address typed: the site's own list of its pages.
  for (const url of sitemapPages) enqueue(url, 0);

  const list = (order: number, link: DiscoveredLink) => {
    let at = listed.length;
    while (at > 0 && (listed[at - 1]?.order ?? 0) > order) at--;
    listed.splice(at, 0, { order, link });
  };

  const read = async (page: QueuedPage): Promise<void> => {
    const isBase = page.url === baseUrl;
    let response: OutboundResponse;
    try {
      response = await fetch(page.url, {
        maxBytes: limits.maxBytesPerPage,
        accept: 'text/html, application/xhtml+xml;q=0.9',
        timeoutMs: limits.timeoutMs,
        maxRedirects: 5,
        // Staying on the site and inside robots.txt holds for every hop of a redirect too.
        allowRedirect: (to) =>
          sameSite(to, baseUrl) && !looksLikeFile(to) && robots.isAllowed(to.href),
        // PDFs and images are refused on their headers, before their bodies are downloaded.
        acceptContentType: isHtmlContentType,
        signal,
      });
    } catch (error) {
      // Any page may fail (404 soon enough, too large, redirect loop) without ending discovery.
      if (isBase) baseFailure = error;
      return;
    } finally {
      if (!stopped) pagesFetched++;
    }
    if (stopped) return;
    if (response.status !== 200) {
      if (isBase) notice = `${baseUrl} answered ${response.status}.`;
      return;
    }
    const url = normalizeUrl(response.url) ?? page.url;
    if (reached.has(url) || !sameSite(url, baseUrl)) return;
    reached.add(url);
    const html = decodeHtml(response.body, response.contentType);
    if (response.contentType === undefined && !looksLikeHtml(html)) {
      if (isBase) {
        baseFailure = new OutboundError('unsupported-type', `${baseUrl} is not an HTML page.`);
      }
      return;
    }
    const outline = outlinePage(html, url);
    list(page.order, { url, title: pageTitle(outline.title, outline.h1, url) });
    for (const link of outline.links) enqueue(link, page.depth + 1);
  };

  // Crawl-delay is the pause between any two requests to the site, so it also means one worker.
  const slowed = (robots.crawlDelayMs ?? 0) > limits.delayMs;
  const delayMs = slowed ? (robots.crawlDelayMs ?? 0) : limits.delayMs;
  const workerCount = slowed ? 1 : Math.max(1, limits.concurrency);
  let next = 0;
  let busy = 0;
  let wake: (() => void)[] = [];
  const wakeAll = () => {
    const waiting = wake;
    wake = [];
    for (const resolve of waiting) resolve();
  };

  const worker = async (): Promise<void> => {
    let first = true;
    while (!stopped) {
      const page = queue[next];
      if (!page) {
        // Nothing queued: done when no other worker may still add links, else wait for it.
        if (busy === 0) return wakeAll();
        await new Promise<void>((resolve) => wake.push(resolve));
        continue;
      }
      next++;
      // A redirect from another address already brought this page.
      if (reached.has(page.url)) continue;
      busy++;
      try {
        if (!first) await pause(delayMs, signal);
        first = false;
        if (stopped) return;
        await read(page);
        if (!stopped) onProgress?.({ pagesFound: known.size, pagesFetched, links: links() });
      } finally {
        busy--;
        wakeAll();
      }
    }
  };

  let onAbort = () => {};
  const aborted = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    // Abort ends the wait at once, even if a request is slow to notice its signal.
    await Promise.race([Promise.all(Array.from({ length: workerCount }, worker)), aborted]);
  } finally {
    stopped = true;
    signal?.removeEventListener('abort', onAbort);
    wakeAll();
  }
  if (signal?.aborted) return result();
  if (listed.length === 0 && baseFailure !== undefined) throw baseFailure;
  return result();
}
