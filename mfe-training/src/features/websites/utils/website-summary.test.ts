import { buildWebpage } from '../../../testing/website-data';
import { countPages, lastSyncedAt, readingProgress, siteName } from './website-summary';

describe("a website's summary", () => {
  const pages = [
    buildWebpage({ url: 'https://fernhill.example/a', readAt: '2025-03-01T10:00:00.000Z' }),
    buildWebpage({ url: 'https://fernhill.example/b', readAt: '2025-03-04T09:30:00.000Z' }),
    buildWebpage({
      url: 'https://fernhill.example/c',
      state: 'skipped',
      reason: 'robots.txt forbids it',
    }),
    buildWebpage({ url: 'https://fernhill.example/d', state: 'pending', readAt: null }),
  ];

  it('counts the pages in each state', () => {
    expect(countPages(pages)).toEqual({ indexed: 2, pending: 1, skipped: 1, failed: 0 });
  });

  it('was last synced when its latest page was read', () => {
    expect(lastSyncedAt(pages)).toBe('2025-03-04T09:30:00.000Z');
    expect(lastSyncedAt([buildWebpage({ state: 'pending', readAt: null })])).toBeNull();
  });

  it('shows reading progress only while pages wait', () => {
    expect(readingProgress(pages)).toEqual({ done: 3, total: 4 });
    expect(readingProgress(pages.slice(0, 3))).toBeNull();
  });

  it('is named by its host', () => {
    expect(siteName('https://www.fernhill.example/shop')).toBe('fernhill.example');
    expect(siteName('not an address')).toBe('not an address');
  });
});
