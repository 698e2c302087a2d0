import { gzipSync } from 'node:zlib';
import { memorySite } from '../../test/fixtures/training-site';
import type { MemoryPage } from '../../test/fixtures/training-site';
import { parseRobots } from './robots';
import { defaultCrawlLimits } from './crawl-limits';
import { parseSitemap, readSitemaps } from './sitemaps';

const site = 'https://shop.example';
const limits = defaultCrawlLimits;

const urlset = (...paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <url><loc>${path.startsWith('http') ? path : site + path}</loc><lastmod>2025-01-01</lastmod></url>`).join('\n')}
</urlset>`;
const sitemapIndex = (...paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `<sitemap><loc>${site}${path}</loc></sitemap>`).join('')}
</sitemapindex>`;
const xml = (body: string | Buffer, contentType = 'application/xml'): MemoryPage => ({
  contentType,
  body,
});

describe('parseSitemap', () => {
  it('reads the <loc> of each url of a urlset', () => {
    expect(parseSitemap(urlset('/a', '/b?x=1&amp;y=2'))).toEqual({
      kind: 'urlset',
      locs: [`${site}/a`, `${site}/b?x=1&y=2`],
    });
  });

  it('reads the sitemaps of an index, namespace prefixes or not', () => {
    expect(parseSitemap(sitemapIndex('/one.xml'))).toEqual({
      kind: 'sitemapindex',
      locs: [`${site}/one.xml`],
    });
    const prefixed =
      '<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc> https://shop.example/p </sm:loc></sm:url></sm:urlset>';
    expect(parseSitemap(prefixed)).toEqual({ kind: 'urlset', locs: [`${site}/p`] });
  });

  it('takes no <loc> from outside its entries', () => {
    const odd = `<urlset><loc>${site}/stray</loc><url><image><loc>${site}/img.png</loc></image><loc>${site}/ok</loc></url></urlset>`;
    expect(parseSitemap(odd)?.locs).toEqual([`${site}/ok`]);
  });

  it('is undefined for what is not a sitemap', () => {
    expect(parseSitemap('<!doctype html><html><body><h1>Not found</h1></body></html>')).toBe(
      undefined,
    );
    expect(parseSitemap('this is not xml at all')).toBeUndefined();
    expect(parseSitemap('')).toBeUndefined();
  });
});

describe('readSitemaps', () => {
  it('follows an index to plain, gzipped and nested sitemaps, keeping the site’s pages', async () => {
    const { fetch, requests } = memorySite({
      [`${site}/sitemap-index.xml`]: xml(sitemapIndex('/pages.xml', '/more.xml.gz', '/nested.xml')),
      [`${site}/pages.xml`]: xml(urlset('/', '/shipping', 'https://elsewhere.example/x')),
      [`${site}/more.xml.gz`]: xml(gzipSync(urlset('/returns', '/guide.pdf')), 'application/gzip'),
      [`${site}/nested.xml`]: xml(sitemapIndex('/deep.xml')),
      [`${site}/deep.xml`]: xml(urlset('/about', 'http://www.shop.example/faq#top')),
    });
    const pages = await readSitemaps({
      siteUrl: `${site}/`,
      sitemapUrls: [`${site}/sitemap-index.xml`],
      fetch,
      limits,
    });
    expect(pages.sort()).toEqual(
      [
        `${site}/`,
        `${site}/shipping`,
        `${site}/returns`,
        `${site}/about`,
        'http://www.shop.example/faq',
      ].sort(),
    );
    expect(requests).not.toContain(`${site}/sitemap.xml`);
  });

  it('passes over a malformed sitemap, a corrupt gzip and a failing one, reading the rest', async () => {
    const { fetch } = memorySite({
      [`${site}/broken.xml`]: xml('<urlset><url><loc>'),
      [`${site}/html.xml`]: '<html><body><a href="/x">x</a></body></html>',
      [`${site}/bad.xml.gz`]: xml(Buffer.from([0x1f, 0x8b, 1, 2, 3, 4]), 'application/gzip'),
      [`${site}/good.xml`]: xml(urlset('/good')),
    });
    const pages = await readSitemaps({
      siteUrl: site,
      sitemapUrls: ['broken.xml', 'html.xml', 'bad.xml.gz', 'missing.xml', 'good.xml'].map(
        (name) => `${site}/${name}`,
      ),
      fetch,
      limits,
    });
    expect(pages).toEqual([`${site}/good`]);
  });

  it('tries /sitemap.xml when robots.txt names none', async () => {
    const { fetch, requests } = memorySite({ [`${site}/sitemap.xml`]: xml(urlset('/found')) });
    const pages = await readSitemaps({ siteUrl: site, sitemapUrls: [], fetch, limits });
    expect(requests).toEqual([`${site}/sitemap.xml`]);
    expect(pages).toEqual([`${site}/found`]);
  });

  it('leaves out what robots.txt disallows, /sitemap.xml included', async () => {
    const robots = parseRobots(
      `${site}/robots.txt`,
      'User-agent: *\nDisallow: /private/\n',
      limits,
    );
    const { fetch } = memorySite({
      [`${site}/sitemap.xml`]: xml(urlset('/open', '/private/codes')),
    });
    expect(await readSitemaps({ siteUrl: site, sitemapUrls: [], fetch, limits, robots })).toEqual([
      `${site}/open`,
    ]);
    const closed = parseRobots(`${site}/robots.txt`, 'User-agent: *\nDisallow: /\n', limits);
    const guarded = memorySite({ [`${site}/sitemap.xml`]: xml(urlset('/open')) });
    const pages = await readSitemaps({
      siteUrl: site,
      sitemapUrls: [],
      fetch: guarded.fetch,
      limits,
      robots: closed,
    });
    expect(pages).toEqual([]);
    expect(guarded.requests).toEqual([]);
  });

  it('follows three levels of indexes, no more, and survives an index listing itself', async () => {
    const { fetch, requests } = memorySite({
      [`${site}/i0.xml`]: xml(sitemapIndex('/i0.xml', '/i1.xml', '/p0.xml')),
      [`${site}/i1.xml`]: xml(sitemapIndex('/i2.xml', '/p1.xml')),
      [`${site}/i2.xml`]: xml(sitemapIndex('/i3.xml', '/p2.xml')),
      [`${site}/i3.xml`]: xml(sitemapIndex('/i4.xml', '/p3.xml')),
      [`${site}/i4.xml`]: xml(sitemapIndex('/p4.xml')),
      ...Object.fromEntries(
        [0, 1, 2, 3, 4].map((n) => [`${site}/p${n}.xml`, xml(urlset(`/page-${n}`))]),
      ),
    });
    const pages = await readSitemaps({
      siteUrl: site,
      sitemapUrls: [`${site}/i0.xml`],
      fetch,
      limits,
    });
    // i0, i1 and i2 are followed; i3, a fourth level, is read but its entries are not.
    expect(pages.sort()).toEqual([0, 1, 2].map((n) => `${site}/page-${n}`));
    expect(requests).toContain(`${site}/i3.xml`);
    expect(requests).not.toContain(`${site}/p3.xml`);
    expect(requests).not.toContain(`${site}/i4.xml`);
    expect(requests.filter((url) => url === `${site}/i0.xml`)).toHaveLength(1);
  });

  it('stops at maxPages', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `/p/${i}`);
    const { fetch, requests } = memorySite({
      [`${site}/a.xml`]: xml(urlset(...many)),
      [`${site}/b.xml`]: xml(urlset('/b')),
    });
    const pages = await readSitemaps({
      siteUrl: site,
      sitemapUrls: [`${site}/a.xml`, `${site}/b.xml`],
      fetch,
      limits: { ...limits, maxPages: 20 },
    });
    expect(pages).toEqual(many.slice(0, 20).map((path) => site + path));
    expect(requests).not.toContain(`${site}/b.xml`);
  });

  it('ends early, with what it has, when its signal aborts', async () => {
    const controller = new AbortController();
    const { fetch, requests } = memorySite(
      {
        [`${site}/a.xml`]: xml(urlset('/a')),
        [`${site}/b.xml`]: xml(urlset('/b')),
      },
      { latencyMs: 20 },
    );
    const pages = await readSitemaps({
      siteUrl: site,
      sitemapUrls: [`${site}/a.xml`, `${site}/b.xml`],
      // Aborted while the second sitemap is on its way, whatever the machine's timers do.
      fetch: (address, options) => {
        if (address.endsWith('/b.xml')) controller.abort();
        return fetch(address, options);
      },
      limits,
      signal: controller.signal,
    });
    expect(pages).toEqual([`${site}/a`]);
    expect(requests).toHaveLength(2);
  });
});
