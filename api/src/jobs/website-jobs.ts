import type { Kysely } from 'kysely';
import { getLinksTimeoutMinutes } from 'shared-sdk/schemas';
import { crawlLimits } from '../crawler/crawl-limits';
import type { CrawlLimits } from '../crawler/crawl-limits';
import { discoverLinks } from '../crawler/discover-links';
import { readPage } from '../crawler/read-page';
import { loadRobots } from '../crawler/robots';
import type { RobotsRules } from '../crawler/robots';
import { originOf } from '../crawler/site-urls';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { OutboundFetch } from '../outbound/outbound-types';
import {
  findAiTrainingWebsite,
  pendingWebpageUrls,
  saveWebpageReadings,
} from '../repositories/ai-training-websites';
import type { WebpageReading } from '../repositories/ai-training-websites';
import { getLinksJobKind, indexWebsiteJobKind } from '../services/website-training';
import type { JobHandler } from './job-runner';

export interface WebsiteJobsOptions {
  db: Kysely<Database>;
  fetch: OutboundFetch;
  limits?: Partial<CrawlLimits>;
}

/** Pages read between two writes of their states: the list moves while the bot's index is not rebuilt per page. */
const pagesPerBatch = 10;

/**
 * getLinks: lists the site's pages. A run after a restart starts the discovery again (it is
 * quick next to the 30 minutes it may take, and a site may have changed); its deadline stays.
 */
export function getLinksJob({ fetch, limits }: WebsiteJobsOptions): JobHandler {
  const { maxPages } = crawlLimits(limits);
  return {
    kind: getLinksJobKind,
    deadlineNote: `Stopped after ${getLinksTimeoutMinutes} minutes; the pages found by then are listed.`,
    async run({ job, signal, reportProgress }) {
      const baseUrl = String(job.payload.baseUrl);
      const progressOf = (found: {
        pagesFound: number;
        pagesFetched: number;
        links: readonly { url: string; title: string }[];
      }) => ({
        baseUrl,
        pagesFound: found.pagesFound,
        pagesFetched: found.pagesFetched,
        links: [...found.links],
      });
      const result = await discoverLinks({
        baseUrl,
        fetch,
        limits,
        signal,
        onProgress: (found) => reportProgress(progressOf(found)),
      });
      if (result.links.length === 0 && result.notice && !signal.aborted) {
        throw new Error(result.notice);
      }
      return {
        progress: progressOf(result),
        note:
          result.stoppedBy === 'page-limit'
            ? `Stopped at ${maxPages} pages, the most one discovery lists.`
            : null,
      };
    },
  };
}

/** Runs `work` over `items`, `concurrency` at a time, keeping their order. */
async function mapLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads a website's pending pages into the bot's training, a batch at a time. Everything it
 * needs is in the pages' states, so a run after a restart carries on where the last one stopped.
 */
export function indexWebsiteJob({ db, fetch, limits }: WebsiteJobsOptions): JobHandler {
  const settings = crawlLimits(limits);
  return {
    kind: indexWebsiteJobKind,
    async run({ job, signal, reportProgress }) {
      const websiteId = String(job.payload.websiteId);
      const { workspaceId } = job;
      const website = await findAiTrainingWebsite(db, workspaceId, websiteId);
      if (!website) return {};
      const robotsByOrigin = new Map<string, Promise<RobotsRules>>();
      const robotsOf = (url: string) => {
        const origin = originOf(url);
        let rules = robotsByOrigin.get(origin);
        if (!rules) {
          rules = loadRobots(origin, fetch, settings, signal);
          robotsByOrigin.set(origin, rules);
        }
        return rules;
      };
      let pagesRead = 0;
      while (!signal.aborted) {
        const batch = await pendingWebpageUrls(db, workspaceId, websiteId, pagesPerBatch);
        if (batch.length === 0) break;
        const readings = await mapLimited(batch, settings.concurrency, async ({ url }) => {
          const reading = await readPage({
            url,
            fetch,
            robots: await robotsOf(url),
            limits: settings,
            signal,
          });
          await pause(settings.delayMs);
          return { url, ...reading } as WebpageReading;
        });
        // A page cut short by a cancel or a shutdown is read again next time, not marked failed.
        if (signal.aborted) break;
        await writeTransaction(db, (trx) =>
          saveWebpageReadings(trx, workspaceId, websiteId, readings),
        );
        pagesRead += readings.length;
        reportProgress({ websiteId, pagesRead });
      }
      return { progress: { websiteId, pagesRead } };
    },
  };
}
