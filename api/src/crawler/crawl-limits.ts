/** How hard Parley may crawl one business's site. */
export interface CrawlLimits {
  /** Pages requested in one discovery: bounds the time and the size of the list shown. */
  maxPages: number;
  /** Links followed from the address typed; deeper pages are rarely worth training on. */
  maxDepth: number;
  /** A page's body is refused beyond this, before it is parsed. */
  maxBytesPerPage: number;
  /** Requests in flight to one site at once: small, as the site is a customer's, not ours. */
  concurrency: number;
  /** Pause between two requests of one worker; raised by the site's Crawl-delay. */
  delayMs: number;
  /** One request, redirects included. */
  timeoutMs: number;
  /**
   * Who we say we are. robots.txt groups are matched on its first token; the outbound fetch sets
   * the header itself (its options carry no headers for a GET), so the two must agree.
   */
  userAgent: string;
}

export const defaultCrawlLimits: Readonly<CrawlLimits> = Object.freeze({
  maxPages: 500,
  maxDepth: 5,
  maxBytesPerPage: 2 * 1024 * 1024,
  concurrency: 2,
  delayMs: 250,
  timeoutMs: 15_000,
  userAgent: 'ParleyBot/1.0 (+https://parley.chat/bot)',
});

/** The defaults, with what the caller chose. */
export function crawlLimits(overrides: Partial<CrawlLimits> = {}): CrawlLimits {
  return { ...defaultCrawlLimits, ...overrides };
}

/** The product token robots.txt groups are matched against ('ParleyBot'). */
export function robotsAgentToken(limits: Pick<CrawlLimits, 'userAgent'>): string {
  return limits.userAgent.split(/[\s/]/)[0] || limits.userAgent;
}
