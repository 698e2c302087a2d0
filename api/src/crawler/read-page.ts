import { OutboundError } from '../outbound/outbound-types';
import type { OutboundFetch, OutboundResponse } from '../outbound/outbound-types';
import type { CrawlLimits } from './crawl-limits';
import { extractPage } from './extract-page';
import type { PagePassage } from './extract-page';
import { decodeHtml, isHtmlContentType, looksLikeHtml, mediaType } from './html-response';
import type { RobotsRules } from './robots';
import { looksLikeFile, sameSite } from './site-urls';

/** What reading one picked page gave; `reason` is shown to the admin beside the page. */
export type PageReading =
  | {
      state: 'indexed';
      /** The address as given (the page is stored under it), even when it redirected. */
      url: string;
      title: string;
      passages: PagePassage[];
      contentHash: string;
    }
  | { state: 'skipped'; reason: string }
  | { state: 'failed'; reason: string };

export interface ReadPageOptions {
  url: string;
  fetch: OutboundFetch;
  /** The rules of the page's site, loaded once per sync (`loadRobots`). */
  robots: RobotsRules;
  limits: Pick<CrawlLimits, 'maxBytesPerPage' | 'timeoutMs'>;
  signal?: AbortSignal;
}

const robotsSkip = 'Skipped: robots.txt disallows this page';

/**
 * Reads the page at `url` into passages for the bot. Resolves with why not when it cannot (a
 * refused or failed request included); rejects only on a bug (an error that is not an
 * OutboundError). A reading cut short by `signal` is `failed`; callers that aborted drop it.
 */
export async function readPage(options: ReadPageOptions): Promise<PageReading> {
  const { url, fetch, robots, limits, signal } = options;
  if (!robots.isAllowed(url)) {
    return {
      state: 'skipped',
      reason: robots.blockedReason ? `Skipped: ${robots.blockedReason}` : robotsSkip,
    };
  }
  // What the fetch refused, and why, in words better than a refused request's.
  let refusedType: string | undefined;
  let refusedRedirect: { to: URL; robots: boolean } | undefined;
  let response: OutboundResponse;
  try {
    response = await fetch(url, {
      maxBytes: limits.maxBytesPerPage,
      accept: 'text/html, application/xhtml+xml;q=0.9',
      timeoutMs: limits.timeoutMs,
      maxRedirects: 5,
      allowRedirect: (to) => {
        const allowed = sameSite(to, url) && robots.isAllowed(to.href);
        if (!allowed) refusedRedirect = { to, robots: sameSite(to, url) };
        return allowed;
      },
      acceptContentType: (contentType) => {
        if (isHtmlContentType(contentType)) return true;
        refusedType = mediaType(contentType);
        return false;
      },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) return { state: 'failed', reason: 'Stopped before the page was read' };
    if (!(error instanceof OutboundError)) throw error;
    if (error.code === 'unsupported-type' && refusedType) {
      return { state: 'failed', reason: `Not an HTML page (${refusedType})` };
    }
    if (error.code === 'redirect-refused' && refusedRedirect) {
      return refusedRedirect.robots
        ? {
            state: 'skipped',
            reason: `${robotsSkip} (it redirects to ${refusedRedirect.to.pathname})`,
          }
        : {
            state: 'failed',
            reason: `The page redirects to another site (${refusedRedirect.to.host})`,
          };
    }
    return { state: 'failed', reason: error.message };
  }
  if (response.status !== 200) {
    return { state: 'failed', reason: `The page answered ${response.status}` };
  }
  const html = decodeHtml(response.body, response.contentType);
  // A server that names no type: an address ending in .pdf, or a body that is not markup, is not a page.
  if (response.contentType === undefined && (looksLikeFile(response.url) || !looksLikeHtml(html))) {
    return { state: 'failed', reason: 'Not an HTML page (no content type)' };
  }
  const page = extractPage(html, response.url);
  if (page.passages.length === 0) return { state: 'failed', reason: 'No text found on the page' };
  return {
    state: 'indexed',
    url,
    title: page.title,
    passages: page.passages,
    contentHash: page.contentHash,
  };
}
