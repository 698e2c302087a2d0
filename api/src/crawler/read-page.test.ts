import { OutboundError } from '../outbound/outbound-types';
import {
  framedPage,
  loopbackFetch,
  memorySite,
  startTrainingSite,
} from '../../test/fixtures/training-site';
import type { MemoryPage } from '../../test/fixtures/training-site';
import { defaultCrawlLimits } from './crawl-limits';
import { readPage } from './read-page';
import { allowAllRobots, loadRobots, parseRobots } from './robots';

const site = 'https://shop.example';
const limits = defaultCrawlLimits;
const robots = parseRobots(`${site}/robots.txt`, 'User-agent: *\nDisallow: /private/\n', limits);
const returns = framedPage(
  'Returns',
  '<article><h1>Returns</h1><p>You can return any kettle within 30 days of delivery.</p></article>',
);

/** Reads `path` of an in-memory site made of `pages`. */
async function read(path: string, pages: Record<string, MemoryPage | string>) {
  const memory = memorySite(pages);
  const reading = await readPage({ url: `${site}${path}`, fetch: memory.fetch, robots, limits });
  return { reading, ...memory };
}

describe('readPage', () => {
  it('reads an HTML page into titled passages', async () => {
    const { reading } = await read('/returns', { [`${site}/returns`]: returns });
    expect(reading).toEqual({
      state: 'indexed',
      url: `${site}/returns`,
      title: 'Returns | Acme Kettles',
      passages: [
        { headings: ['Returns'], text: 'You can return any kettle within 30 days of delivery.' },
      ],
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('keeps the address it was given when the page redirects on the site', async () => {
    const { reading } = await read('/old-returns', {
      [`${site}/old-returns`]: { status: 301, location: '/returns' },
      [`${site}/returns`]: returns,
    });
    expect(reading).toMatchObject({ state: 'indexed', url: `${site}/old-returns` });
  });

  it('skips, without asking, a page robots.txt disallows', async () => {
    const { reading, requests } = await read('/private/codes', {});
    expect(reading).toEqual({
      state: 'skipped',
      reason: 'Skipped: robots.txt disallows this page',
    });
    expect(requests).toEqual([]);
  });

  it('skips a page whose redirect robots.txt disallows', async () => {
    const { reading, requests } = await read('/codes', {
      [`${site}/codes`]: { status: 302, location: '/private/codes' },
    });
    expect(reading).toEqual({
      state: 'skipped',
      reason: 'Skipped: robots.txt disallows this page (it redirects to /private/codes)',
    });
    expect(requests).toEqual([`${site}/codes`]);
  });

  it('says why when robots.txt could not be read', async () => {
    const { fetch } = memorySite({ [`${site}/robots.txt`]: { status: 503 } });
    const unreadable = await loadRobots(site, fetch, limits);
    const reading = await readPage({ url: `${site}/returns`, fetch, robots: unreadable, limits });
    expect(reading).toEqual({
      state: 'skipped',
      reason:
        "Skipped: The site's robots.txt answered 503, so no page may be read until it answers again.",
    });
  });

  it('fails a PDF without downloading it', async () => {
    const { reading, downloaded } = await read('/guide', {
      [`${site}/guide`]: { contentType: 'application/pdf; qs=0.9', body: '%PDF-1.7' },
    });
    expect(reading).toEqual({ state: 'failed', reason: 'Not an HTML page (application/pdf)' });
    expect(downloaded).toEqual([]);
  });

  it('fails a page answering an HTTP error', async () => {
    const { reading } = await read('/gone', {});
    expect(reading).toEqual({ state: 'failed', reason: 'The page answered 404' });
    const { reading: broken } = await read('/broken', {
      [`${site}/broken`]: { status: 500, body: returns },
    });
    expect(broken).toEqual({ state: 'failed', reason: 'The page answered 500' });
  });

  it('fails with the message of a refused or failed request', async () => {
    const error = new OutboundError('timeout', 'shop.example took longer than 15 seconds');
    const { reading } = await read('/slow', { [`${site}/slow`]: { error } });
    expect(reading).toEqual({ state: 'failed', reason: error.message });

    const big = await readPage({
      url: `${site}/big`,
      fetch: memorySite({ [`${site}/big`]: returns }).fetch,
      robots,
      limits: { ...limits, maxBytesPerPage: 100 },
    });
    expect(big).toEqual({ state: 'failed', reason: `${site}/big is larger than 100 bytes` });
  });

  it('fails a page that redirects to another site', async () => {
    const { reading, requests } = await read('/shop', {
      [`${site}/shop`]: { status: 302, location: 'https://elsewhere.example/shop' },
    });
    expect(reading).toEqual({
      state: 'failed',
      reason: 'The page redirects to another site (elsewhere.example)',
    });
    expect(requests).toEqual([`${site}/shop`]);
  });

  it('fails a page with no text', async () => {
    const { reading } = await read('/gallery', {
      [`${site}/gallery`]: framedPage('Gallery', '<div><img src="/a.png" alt=""></div>'),
    });
    expect(reading).toEqual({ state: 'failed', reason: 'No text found on the page' });
  });

  it('resolves, as failed, when its signal aborts', async () => {
    const controller = new AbortController();
    const { fetch } = memorySite({ [`${site}/returns`]: returns }, { latencyMs: 50 });
    const reading = readPage({
      url: `${site}/returns`,
      fetch,
      robots: allowAllRobots,
      limits,
      signal: controller.signal,
    });
    controller.abort();
    await expect(reading).resolves.toEqual({
      state: 'failed',
      reason: 'Stopped before the page was read',
    });
  });

  it('reads the loopback training site, and sees a page change', async () => {
    const trainingSite = await startTrainingSite();
    try {
      const fetch = loopbackFetch();
      const siteRobots = await loadRobots(trainingSite.url, fetch, limits);
      const readAt = (path: string) =>
        readPage({ url: `${trainingSite.url}${path}`, fetch, robots: siteRobots, limits });

      const shipping = await readAt('/shipping');
      expect(shipping.state).toBe('indexed');
      if (shipping.state !== 'indexed') return;
      expect(shipping.passages).toContainEqual({
        headings: ['Shipping', 'Delivery times'],
        text: expect.stringContaining('Standard delivery takes 3 to 5 working days.'),
      });
      expect(await readAt('/private/secret')).toMatchObject({ state: 'skipped' });
      expect(await readAt('/guide.pdf')).toEqual({
        state: 'failed',
        reason: 'Not an HTML page (application/pdf)',
      });
      expect(await readAt('/missing')).toEqual({
        state: 'failed',
        reason: 'The page answered 404',
      });
      expect(await readAt('/big')).toMatchObject({ state: 'failed' });
      expect(await readAt('/loop-a')).toMatchObject({ state: 'failed' });
      expect(await readAt('/to-other-port')).toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('another site'),
      });
      expect(trainingSite.requests).not.toContain('/private/secret');

      trainingSite.setPage(
        '/shipping',
        framedPage('Shipping', '<h1>Shipping</h1><p>Standard delivery now takes 2 days.</p>'),
      );
      const changed = await readAt('/shipping');
      expect(changed).toMatchObject({ state: 'indexed' });
      expect(changed.state === 'indexed' && changed.contentHash).not.toBe(shipping.contentHash);
    } finally {
      await trainingSite.close();
    }
  });
});
