import { OutboundError } from '../outbound/outbound-types';
import { loopbackFetch, memorySite, startTrainingSite } from '../../test/fixtures/training-site';
import type { MemoryPage } from '../../test/fixtures/training-site';
import { discoverLinks } from './discover-links';
import type { DiscoveryProgress } from './discover-links';

const site = 'https://shop.example';
const robotsUrl = `${site}/robots.txt`;
const sitemapUrl = `${site}/sitemap.xml`;
const fast = { delayMs: 0 };

/** An HTML page titled `title` linking to `links`. */
const page = (title: string, ...links: string[]) =>
  `<html><head><title>${title}</title></head><body><h1>${title}</h1>${links
    .map((href) => `<a href="${href}">${href}</a>`)
    .join(' ')}</body></html>`;

const robots = (body: string): MemoryPage => ({ contentType: 'text/plain', body });
const urlset = (...paths: string[]): MemoryPage => ({
  contentType: 'application/xml',
  body: `<urlset>${paths.map((path) => `<url><loc>${site}${path}</loc></url>`).join('')}</urlset>`,
});

/** The paths of the page addresses in `urls` (robots.txt and sitemaps left out). */
const pathsOf = (urls: readonly string[]) =>
  urls.filter((url) => url !== robotsUrl && url !== sitemapUrl).map((url) => url.replace(site, ''));

describe('discoverLinks over an in-memory site', () => {
  it('reads the site breadth first and lists its pages in the order found', async () => {
    const { fetch, requests } = memorySite({
      [`${site}/`]: page('Home', '/a', '/b'),
      [`${site}/a`]: page('A', '/a1', '/'),
      [`${site}/b`]: page('B', '/b1', '/a'),
      [`${site}/a1`]: page('A1'),
      [`${site}/b1`]: page('B1', '/a1'),
    });
    const result = await discoverLinks({
      baseUrl: site,
      fetch,
      limits: { ...fast, concurrency: 1 },
    });
    expect(pathsOf(requests)).toEqual(['/', '/a', '/b', '/a1', '/b1']);
    expect(result.links).toEqual([
      { url: `${site}/`, title: 'Home' },
      { url: `${site}/a`, title: 'A' },
      { url: `${site}/b`, title: 'B' },
      { url: `${site}/a1`, title: 'A1' },
      { url: `${site}/b1`, title: 'B1' },
    ]);
    expect(result).toMatchObject({ pagesFound: 5, pagesFetched: 5 });
    expect(result.stoppedBy).toBeUndefined();
  });

  it('lists pages in the order found even when two workers finish out of order', async () => {
    const { fetch } = memorySite({
      [`${site}/`]: page('Home', '/slow', '/quick'),
      [`${site}/slow`]: page('Slow', '/after'),
      [`${site}/quick`]: page('Quick'),
      [`${site}/after`]: page('After'),
    });
    const delayed: typeof fetch = async (url, options) => {
      if (url.endsWith('/slow')) await new Promise((resolve) => setTimeout(resolve, 30));
      return fetch(url, options);
    };
    const result = await discoverLinks({ baseUrl: site, fetch: delayed, limits: fast });
    expect(pathsOf(result.links.map((link) => link.url))).toEqual([
      '/',
      '/slow',
      '/quick',
      '/after',
    ]);
  });

  it('goes no deeper than maxDepth links from the address', async () => {
    const { fetch, requests } = memorySite({
      [`${site}/`]: page('Home', '/1'),
      [`${site}/1`]: page('One', '/2'),
      [`${site}/2`]: page('Two', '/3'),
      [`${site}/3`]: page('Three'),
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: { ...fast, maxDepth: 2 } });
    expect(pathsOf(requests)).toEqual(['/', '/1', '/2']);
    expect(result.links.map((link) => link.title)).toEqual(['Home', 'One', 'Two']);
    expect(result.stoppedBy).toBeUndefined();
  });

  it('stops at maxPages and says so', async () => {
    const children = Array.from({ length: 10 }, (_, i) => `/c${i}`);
    const pages = Object.fromEntries(children.map((path) => [`${site}${path}`, page(path)]));
    const { fetch, requests } = memorySite({ [`${site}/`]: page('Home', ...children), ...pages });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: { ...fast, maxPages: 4 } });
    expect(result.links).toHaveLength(4);
    expect(result).toMatchObject({ pagesFound: 4, pagesFetched: 4, stoppedBy: 'page-limit' });
    expect(pathsOf(requests).sort()).toEqual(['/', '/c0', '/c1', '/c2']);

    const exact = await discoverLinks({ baseUrl: site, fetch, limits: { ...fast, maxPages: 11 } });
    expect(exact.links).toHaveLength(11);
    expect(exact.stoppedBy).toBeUndefined();
  });

  it('never requests nor lists what robots.txt disallows, by link, sitemap or redirect', async () => {
    const { fetch, requests } = memorySite({
      [robotsUrl]: robots('User-agent: *\nDisallow: /private/\n'),
      [sitemapUrl]: urlset('/', '/private/from-sitemap'),
      [`${site}/`]: page('Home', '/private/linked', '/go', '/open'),
      [`${site}/go`]: { status: 302, location: '/private/redirected' },
      [`${site}/open`]: page('Open'),
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: fast });
    expect(requests.filter((url) => url.includes('/private/'))).toEqual([]);
    expect(pathsOf(result.links.map((link) => link.url))).toEqual(['/', '/open']);
    expect(result.pagesFound).toBe(3);
  });

  it('lists nothing of other sites, and asks them nothing', async () => {
    const { fetch, requests } = memorySite({
      [`${site}/`]: page(
        'Home',
        'https://elsewhere.example/',
        'https://blog.shop.example/post',
        'http://www.shop.example/www-page',
        'mailto:help@shop.example',
        '/away',
      ),
      'http://www.shop.example/www-page': page('Same site, other spelling'),
      [`${site}/away`]: { status: 301, location: 'https://elsewhere.example/landing' },
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: fast });
    const hosts = new Set(requests.map((url) => new URL(url).hostname));
    expect([...hosts].sort()).toEqual(['shop.example', 'www.shop.example']);
    expect(result.links.map((link) => link.url)).toEqual([
      `${site}/`,
      'http://www.shop.example/www-page',
    ]);
  });

  it('never downloads a PDF, and lists no page that fails', async () => {
    const big = `<html><title>Big</title><body>${'x'.repeat(5000)}</body></html>`;
    const { fetch, requests, downloaded } = memorySite({
      [`${site}/`]: page('Home', '/guide.pdf', '/download', '/missing', '/big', '/loop', '/ok'),
      [`${site}/download`]: { contentType: 'application/pdf', body: '%PDF-1.7' },
      [`${site}/big`]: big,
      [`${site}/loop`]: { status: 302, location: '/loop2' },
      [`${site}/loop2`]: { status: 302, location: '/loop' },
      [`${site}/ok`]: page('OK'),
    });
    const result = await discoverLinks({
      baseUrl: site,
      fetch,
      limits: { ...fast, maxBytesPerPage: 4000 },
    });
    expect(requests).not.toContain(`${site}/guide.pdf`);
    expect(requests).toContain(`${site}/download`);
    expect(downloaded).not.toContain(`${site}/download`);
    expect(requests).toContain(`${site}/missing`);
    expect(requests.filter((url) => url.includes('/loop')).length).toBeGreaterThan(2);
    expect(pathsOf(result.links.map((link) => link.url))).toEqual(['/', '/ok']);
    expect(result.pagesFetched).toBe(6);
  });

  it('lists a redirected page once, under the address it ends at', async () => {
    const { fetch } = memorySite({
      [`${site}/`]: page('Home', '/old', '/new'),
      [`${site}/old`]: { status: 301, location: '/new' },
      [`${site}/new`]: page('New'),
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: fast });
    expect(result.links).toEqual([
      { url: `${site}/`, title: 'Home' },
      { url: `${site}/new`, title: 'New' },
    ]);
  });

  it('names a page by its title, else its first h1, else its path', async () => {
    const { fetch } = memorySite({
      [`${site}/`]: `<title>\n  Acme   &amp; Sons\n</title><a href="/h">h</a> <a href="/n%C3%BC">n</a>`,
      [`${site}/h`]:
        '<html><body><svg><title>icon</title></svg><h1> Our <em>story</em> </h1></body></html>',
      [`${site}/n%C3%BC`]: '<html><body><p>No heading</p></body></html>',
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: fast });
    expect(result.links.map((link) => link.title)).toEqual(['Acme & Sons', 'Our story', '/nü']);
  });

  it('keeps at most two requests in flight, pausing delayMs between a worker’s requests', async () => {
    const children = Array.from({ length: 12 }, (_, i) => `/c${i}`);
    const pages = Object.fromEntries(children.map((path) => [`${site}${path}`, page(path)]));
    const home = { [`${site}/`]: page('Home', ...children) };
    const parallel = memorySite({ ...home, ...pages }, { latencyMs: 5 });
    await discoverLinks({ baseUrl: site, fetch: parallel.fetch, limits: fast });
    expect(parallel.maxInFlight).toBe(2);

    const paced = memorySite({ ...home, ...pages }, { latencyMs: 0 });
    const started = Date.now();
    await discoverLinks({ baseUrl: site, fetch: paced.fetch, limits: { delayMs: 20 } });
    // 13 pages on two workers: at least six pauses each, one after the other.
    expect(Date.now() - started).toBeGreaterThanOrEqual(6 * 20 - 5);
  });

  it('honours Crawl-delay with one worker', async () => {
    const slowSite = memorySite(
      {
        [robotsUrl]: robots('User-agent: *\nCrawl-delay: 0.03\n'),
        [`${site}/`]: page('Home', '/a', '/b'),
        [`${site}/a`]: page('A'),
        [`${site}/b`]: page('B'),
      },
      { latencyMs: 5 },
    );
    const started = Date.now();
    const result = await discoverLinks({ baseUrl: site, fetch: slowSite.fetch, limits: fast });
    expect(result.links).toHaveLength(3);
    expect(slowSite.maxInFlight).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 30 - 5);
  });

  it('reports progress after each page, counts never going down', async () => {
    const { fetch } = memorySite({
      [`${site}/`]: page('Home', '/a', '/b'),
      [`${site}/a`]: page('A', '/c'),
      [`${site}/b`]: page('B'),
      [`${site}/c`]: page('C'),
    });
    const calls: DiscoveryProgress[] = [];
    const result = await discoverLinks({
      baseUrl: site,
      fetch,
      limits: { ...fast, concurrency: 1 },
      onProgress: (progress) => calls.push(progress),
    });
    expect(calls.map((call) => call.pagesFetched)).toEqual([1, 2, 3, 4]);
    expect(calls.map((call) => call.pagesFound)).toEqual([3, 4, 4, 4]);
    expect(calls.map((call) => call.links.length)).toEqual([1, 2, 3, 4]);
    expect(calls.at(-1)?.links).toEqual(result.links);
  });

  it('resolves with what it found when aborted, and asks nothing more', async () => {
    const children = Array.from({ length: 20 }, (_, i) => `/c${i}`);
    const pages = Object.fromEntries(children.map((path) => [`${site}${path}`, page(path)]));
    const { fetch, requests } = memorySite(
      { [`${site}/`]: page('Home', ...children), ...pages },
      { latencyMs: 20 },
    );
    const controller = new AbortController();
    let calls = 0;
    const started = Date.now();
    const result = await discoverLinks({
      baseUrl: site,
      fetch,
      limits: fast,
      signal: controller.signal,
      onProgress: () => {
        if (++calls === 3) controller.abort();
      },
    });
    expect(Date.now() - started).toBeLessThan(400);
    expect(result.stoppedBy).toBe('aborted');
    expect(result.links.length).toBeGreaterThanOrEqual(3);
    expect(result.links.length).toBeLessThan(21);
    const asked = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(requests).toHaveLength(asked);
  });

  it('resolves at once when aborted, even while a request ignores its signal', async () => {
    const { fetch } = memorySite({ [`${site}/`]: page('Home', '/stuck') });
    const stubborn: typeof fetch = async (url, options) => {
      if (url.endsWith('/stuck')) await new Promise((resolve) => setTimeout(resolve, 500));
      return fetch(url, { ...options, signal: undefined });
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const result = await discoverLinks({
      baseUrl: site,
      fetch: stubborn,
      limits: fast,
      signal: controller.signal,
    });
    expect(Date.now() - started).toBeLessThan(300);
    expect(result).toMatchObject({ stoppedBy: 'aborted', links: [{ url: `${site}/` }] });
  });

  it('resolves at once, empty, when aborted before it starts', async () => {
    const { fetch, requests } = memorySite({ [`${site}/`]: page('Home') });
    const result = await discoverLinks({ baseUrl: site, fetch, signal: AbortSignal.abort() });
    expect(result).toEqual({ links: [], pagesFound: 0, pagesFetched: 0, stoppedBy: 'aborted' });
    expect(requests).toEqual([]);
  });

  it('rejects with the error when the address itself cannot be read', async () => {
    const dns = new OutboundError('dns', 'shop.example does not exist');
    await expect(
      discoverLinks({ baseUrl: site, fetch: memorySite({ [`${site}/`]: { error: dns } }).fetch }),
    ).rejects.toBe(dns);

    const pdf = memorySite({ [`${site}/`]: { contentType: 'application/pdf', body: '%PDF' } });
    await expect(discoverLinks({ baseUrl: site, fetch: pdf.fetch })).rejects.toMatchObject({
      code: 'unsupported-type',
    });

    const away = memorySite({ [`${site}/`]: { status: 301, location: 'https://other.example/' } });
    await expect(discoverLinks({ baseUrl: site, fetch: away.fetch })).rejects.toMatchObject({
      code: 'redirect-refused',
    });

    await expect(discoverLinks({ baseUrl: 'not a site', fetch: pdf.fetch })).rejects.toMatchObject({
      code: 'bad-url',
    });
  });

  it('rejects with the error when robots.txt could not be asked for', async () => {
    const refused = new OutboundError('blocked-address', 'shop.example is a private address');
    const { fetch, requests } = memorySite({ [robotsUrl]: { error: refused } });
    await expect(discoverLinks({ baseUrl: site, fetch })).rejects.toBe(refused);
    expect(requests).toEqual([robotsUrl]);
  });

  it('lists the sitemap’s pages when the address itself fails', async () => {
    const { fetch } = memorySite({
      [sitemapUrl]: urlset('/a'),
      [`${site}/`]: { error: new OutboundError('timeout', 'Too slow') },
      [`${site}/a`]: page('A'),
    });
    const result = await discoverLinks({ baseUrl: site, fetch, limits: fast });
    expect(result.links).toEqual([{ url: `${site}/a`, title: 'A' }]);
  });

  it('says why nothing is listed when robots.txt keeps it out or the address answers an error', async () => {
    const down = memorySite({ [robotsUrl]: { status: 503, body: '' }, [`${site}/`]: page('Home') });
    const unreadable = await discoverLinks({ baseUrl: site, fetch: down.fetch });
    expect(unreadable.links).toEqual([]);
    expect(unreadable.notice).toContain('answered 503');
    expect(down.requests).toEqual([robotsUrl]);

    const closed = memorySite({ [robotsUrl]: robots('User-agent: *\nDisallow: /\n') });
    const refused = await discoverLinks({ baseUrl: site, fetch: closed.fetch });
    expect(refused.notice).toBe(
      "The site's robots.txt does not allow ParleyBot to read https://shop.example/.",
    );

    const gone = memorySite({ [`${site}/`]: { status: 410, body: 'Gone' } });
    const missing = await discoverLinks({ baseUrl: site, fetch: gone.fetch });
    expect(missing).toMatchObject({ links: [], notice: 'https://shop.example/ answered 410.' });
  });
});

describe('discoverLinks over the loopback training site', () => {
  it('lists the site’s HTML pages, and asks nothing robots.txt disallows', async () => {
    const trainingSite = await startTrainingSite({ pages: 6 });
    try {
      const progress: DiscoveryProgress[] = [];
      const result = await discoverLinks({
        baseUrl: `${trainingSite.url}/`,
        fetch: loopbackFetch(),
        limits: { delayMs: 0 },
        onProgress: (found) => progress.push(found),
      });
      const paths = result.links.map((link) => link.url.replace(trainingSite.url, ''));
      expect(paths.slice(0, 4)).toEqual(['/', '/shipping', '/returns', '/about']);
      expect(paths.slice(4).sort()).toEqual(['/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/p/6']);
      expect(result.links[1]).toEqual({
        url: `${trainingSite.url}/shipping`,
        title: 'Shipping | Acme Kettles',
      });
      const { requests } = trainingSite;
      expect(requests).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap-index.xml']));
      expect(requests).toEqual(expect.arrayContaining(['/sitemap-models.xml.gz', '/big']));
      expect(requests).toEqual(expect.arrayContaining(['/files/brochure', '/to-other-port']));
      expect(requests).toEqual(expect.arrayContaining(['/loop-a', '/loop-b', '/missing']));
      expect(requests.filter((path) => path.startsWith('/private/'))).toEqual([]);
      expect(requests).not.toContain('/guide.pdf');
      expect(result.stoppedBy).toBeUndefined();
      expect(progress.at(-1)?.pagesFetched).toBe(result.pagesFetched);
    } finally {
      await trainingSite.close();
    }
  });
});
