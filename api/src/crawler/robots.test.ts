import { OutboundError } from '../outbound/outbound-types';
import { memorySite } from '../../test/fixtures/training-site';
import { defaultCrawlLimits } from './crawl-limits';
import { loadRobots, maxCrawlDelayMs, parseRobots } from './robots';

const site = 'https://shop.example';
const robotsUrl = `${site}/robots.txt`;
const text = (body: string) => ({ contentType: 'text/plain', body });

describe('loadRobots', () => {
  it.each([404, 410, 403])('allows everything when robots.txt answers %i', async (status) => {
    const { fetch, requests } = memorySite({ [robotsUrl]: { status, body: 'Disallow: /' } });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(requests).toEqual([robotsUrl]);
    expect(robots.isAllowed(`${site}/private/anything`)).toBe(true);
    expect(robots.blockedReason).toBeUndefined();
    expect(robots.sitemaps).toEqual([]);
  });

  it.each([500, 503, 429])('disallows everything, saying why, on %i', async (status) => {
    const { fetch } = memorySite({ [robotsUrl]: { status, body: '' } });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(robots.isAllowed(`${site}/`)).toBe(false);
    expect(robots.blockedReason).toContain(`answered ${status}`);
  });

  it('disallows everything when the request fails, keeping the error', async () => {
    const error = new OutboundError('network', 'shop.example did not answer');
    const { fetch } = memorySite({ [robotsUrl]: { error } });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(robots.isAllowed(`${site}/`)).toBe(false);
    expect(robots.blockedReason).toContain('shop.example did not answer');
    expect(robots.error).toBe(error);
  });

  it('does not reject when its signal aborts, and then allows nothing', async () => {
    const { fetch } = memorySite({ [robotsUrl]: text('') }, { latencyMs: 50 });
    const controller = new AbortController();
    const loading = loadRobots(site, fetch, defaultCrawlLimits, controller.signal);
    controller.abort();
    const robots = await loading;
    expect(robots.isAllowed(`${site}/`)).toBe(false);
  });

  it('follows the group for ParleyBot over the one for everyone', async () => {
    const { fetch } = memorySite({
      [robotsUrl]: text(
        'User-agent: *\nDisallow: /\n\nUser-agent: ParleyBot\nDisallow: /private/\nCrawl-delay: 2\n',
      ),
    });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(robots.isAllowed(`${site}/shipping`)).toBe(true);
    expect(robots.isAllowed(`${site}/private/codes`)).toBe(false);
    expect(robots.crawlDelayMs).toBe(2000);

    const other = await loadRobots(site, fetch, { ...defaultCrawlLimits, userAgent: 'OtherBot/2' });
    expect(other.isAllowed(`${site}/shipping`)).toBe(false);
  });

  it('follows the group for everyone when none names ParleyBot', async () => {
    const { fetch } = memorySite({
      [robotsUrl]: text(
        'User-agent: GoogleBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\nAllow: /cart/help\n',
      ),
    });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(robots.isAllowed(`${site}/shipping`)).toBe(true);
    expect(robots.isAllowed(`${site}/cart?item=3`)).toBe(false);
    expect(robots.isAllowed(`${site}/cart/help`)).toBe(true);
    expect(robots.crawlDelayMs).toBeUndefined();
  });

  it('reads the file a redirect leads to', async () => {
    const { fetch } = memorySite({
      [robotsUrl]: { status: 301, location: 'https://www.shop.example/robots.txt' },
      'https://www.shop.example/robots.txt': text('User-agent: *\nDisallow: /private/\n'),
    });
    const robots = await loadRobots(site, fetch, defaultCrawlLimits);
    expect(robots.isAllowed(`${site}/private/x`)).toBe(false);
    expect(robots.isAllowed(`${site}/x`)).toBe(true);
  });
});

describe('parseRobots', () => {
  it('applies the rules to the www. and http spellings of the site, and to no other site', () => {
    const robots = parseRobots(
      robotsUrl,
      'User-agent: *\nDisallow: /private/\n',
      defaultCrawlLimits,
    );
    expect(robots.isAllowed('http://www.shop.example/private/a')).toBe(false);
    expect(robots.isAllowed('http://www.shop.example/public')).toBe(true);
    expect(robots.isAllowed('https://elsewhere.example/public')).toBe(false);
  });

  it('lists its sitemaps as absolute addresses, each once', () => {
    const robots = parseRobots(
      robotsUrl,
      'Sitemap: /sitemap-index.xml\nSitemap: https://cdn.example/sm.xml\nSitemap: /sitemap-index.xml\n',
      defaultCrawlLimits,
    );
    expect(robots.sitemaps).toEqual([`${site}/sitemap-index.xml`, 'https://cdn.example/sm.xml']);
  });

  it('caps Crawl-delay and ignores one that is not a number', () => {
    const slow = parseRobots(robotsUrl, 'User-agent: *\nCrawl-delay: 120\n', defaultCrawlLimits);
    expect(slow.crawlDelayMs).toBe(maxCrawlDelayMs);
    const odd = parseRobots(robotsUrl, 'User-agent: *\nCrawl-delay: soon\n', defaultCrawlLimits);
    expect(odd.crawlDelayMs).toBeUndefined();
    const half = parseRobots(robotsUrl, 'User-agent: *\nCrawl-delay: 0.5\n', defaultCrawlLimits);
    expect(half.crawlDelayMs).toBe(500);
  });
});
