import robotsParser from 'robots-parser';
import { OutboundError } from '../outbound/outbound-types';
import type { OutboundFetch } from '../outbound/outbound-types';
import { robotsAgentToken } from './crawl-limits';
import type { CrawlLimits } from './crawl-limits';
import { normalizeUrl, originOf, sameSite } from './site-urls';

/** What a site's robots.txt lets Parley do. */
export interface RobotsRules {
  /** Whether Parley may request `url`; false for any page of another site. */
  isAllowed(url: string): boolean;
  /** Sitemaps the file names, as absolute addresses. */
  sitemaps: string[];
  /** The site's Crawl-delay for us, capped at `maxCrawlDelayMs`. */
  crawlDelayMs?: number;
  /**
   * Set when robots.txt could not be read and so every page is disallowed: why, in words for the
   * admin. Absent when the file was read, even if it disallows everything.
   */
  blockedReason?: string;
  /** The failed request behind `blockedReason`, when it was one. */
  error?: OutboundError;
}

/**
 * A Crawl-delay beyond this is taken as this: a site asking for a minute between pages would
 * make a 500-page discovery take most of a day, past the discovery's time limit anyway.
 */
export const maxCrawlDelayMs = 10_000;

/** RFC 9309 asks parsers to read at least 500 KiB; a larger file is treated as unreadable. */
const robotsMaxBytes = 512 * 1024;

/** For a site without robots.txt, and for tests. */
export const allowAllRobots: RobotsRules = Object.freeze({
  isAllowed: () => true,
  sitemaps: [],
});

function disallowAll(blockedReason: string, error?: OutboundError): RobotsRules {
  return { isAllowed: () => false, sitemaps: [], blockedReason, ...(error ? { error } : {}) };
}

/**
 * Reads `origin`'s robots.txt. Following RFC 9309: a 4xx answer (no file) allows everything; a
 * 5xx answer or a failed request disallows everything, as the site may be refusing us; rules
 * are those of the group naming our user agent token, else those of `*`. Does not reject for
 * a failed request, nor when `signal` aborts (everything is disallowed then).
 */
export async function loadRobots(
  origin: string,
  fetch: OutboundFetch,
  limits: Pick<CrawlLimits, 'userAgent' | 'timeoutMs'>,
  signal?: AbortSignal,
): Promise<RobotsRules> {
  const robotsUrl = new URL('/robots.txt', origin).href;
  let response;
  try {
    response = await fetch(robotsUrl, {
      maxBytes: robotsMaxBytes,
      accept: 'text/plain, */*;q=0.5',
      timeoutMs: limits.timeoutMs,
      // RFC 9309 asks to follow at least five; each hop is still checked by the outbound fetch.
      maxRedirects: 5,
      signal,
    });
  } catch (error) {
    const outbound = error instanceof OutboundError ? error : undefined;
    // Callers check their signal; an aborted crawl reads no page anyway.
    if (signal?.aborted) return disallowAll('Stopped before robots.txt was read.', outbound);
    if (!outbound) throw error;
    // Redirected round and round: RFC 9309 allows treating the file as missing.
    if (outbound.code === 'too-many-redirects') return allowAllRobots;
    return disallowAll(
      `The site's robots.txt could not be read (${outbound.message}), so no page may be read.`,
      outbound,
    );
  }
  // 429 says "slow down", so it counts as the server refusing, like a 5xx.
  if (response.status >= 500 || response.status === 429) {
    return disallowAll(
      `The site's robots.txt answered ${response.status}, so no page may be read until it answers again.`,
    );
  }
  // 4xx: there is no file (or none for us), which RFC 9309 reads as no rules.
  if (response.status < 200 || response.status >= 300) return allowAllRobots;
  return parseRobots(response.url, response.body.toString('utf8'), limits);
}

/** The rules of a robots.txt read from `robotsUrl`. */
export function parseRobots(
  robotsUrl: string,
  text: string,
  limits: Pick<CrawlLimits, 'userAgent'>,
): RobotsRules {
  const robots = robotsParser(robotsUrl, text);
  const token = robotsAgentToken(limits);
  const robotsOrigin = originOf(robotsUrl);
  const delaySeconds = Number(robots.getCrawlDelay(token));
  const sitemaps = robots
    .getSitemaps()
    .map((sitemap) => normalizeUrl(sitemap, robotsUrl))
    .filter((sitemap): sitemap is string => sitemap !== undefined);
  return {
    isAllowed(url: string): boolean {
      if (!sameSite(url, robotsOrigin)) return false;
      // The file also governs the site's other spelling (www., http/https) as far as Parley is
      // concerned, and the parser answers only for its own origin: so ask it in that origin.
      const { pathname, search } = new URL(url);
      return robots.isAllowed(`${robotsOrigin}${pathname}${search}`, token) !== false;
    },
    sitemaps: [...new Set(sitemaps)],
    ...(Number.isFinite(delaySeconds) && delaySeconds > 0
      ? { crawlDelayMs: Math.min(delaySeconds * 1000, maxCrawlDelayMs) }
      : {}),
  };
}
