import type { AiTrainingWebpage, WebpageState } from 'shared-sdk/schemas';

export type PageCounts = Record<WebpageState, number>;

/** How many of the website's pages are in each state. */
export function countPages(pages: readonly AiTrainingWebpage[]): PageCounts {
  const counts: PageCounts = { indexed: 0, pending: 0, skipped: 0, failed: 0 };
  for (const page of pages) counts[page.state] += 1;
  return counts;
}

/** When a page of the website was last read, or null if none has been yet. */
export function lastSyncedAt(pages: readonly AiTrainingWebpage[]): string | null {
  let latest: string | null = null;
  for (const page of pages) {
    if (page.readAt && (latest === null || Date.parse(page.readAt) > Date.parse(latest))) {
      latest = page.readAt;
    }
  }
  return latest;
}

/** While pages wait to be read: how many are done (read, skipped or failed) of how many. */
export function readingProgress(pages: readonly AiTrainingWebpage[]) {
  const pending = pages.filter((page) => page.state === 'pending').length;
  return pending === 0 ? null : { done: pages.length - pending, total: pages.length };
}

/** The website's name for people: its host ("fernhill.example"), or the address as typed. */
export function siteName(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.replace(/^www\./, '');
  } catch {
    return baseUrl;
  }
}
