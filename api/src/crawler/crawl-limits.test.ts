import { crawlLimits, defaultCrawlLimits, robotsAgentToken } from './crawl-limits';

describe('crawl limits', () => {
  it('defaults to a gentle crawl', () => {
    expect(defaultCrawlLimits).toEqual({
      maxPages: 500,
      maxDepth: 5,
      maxBytesPerPage: 2 * 1024 * 1024,
      concurrency: 2,
      delayMs: 250,
      timeoutMs: 15_000,
      userAgent: 'ParleyBot/1.0 (+https://parley.chat/bot)',
    });
    expect(Object.isFrozen(defaultCrawlLimits)).toBe(true);
  });

  it('takes what the caller sets over the defaults', () => {
    expect(crawlLimits({ maxPages: 2000, delayMs: 0 })).toEqual({
      ...defaultCrawlLimits,
      maxPages: 2000,
      delayMs: 0,
    });
  });

  it('matches robots.txt on the first token of the user agent', () => {
    expect(robotsAgentToken(defaultCrawlLimits)).toBe('ParleyBot');
    expect(robotsAgentToken({ userAgent: 'Other Bot' })).toBe('Other');
  });
});
