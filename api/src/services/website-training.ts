import type { Kysely } from 'kysely';
import { getLinksTimeoutMinutes } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { cancelJobsOf, enqueueJob } from '../jobs/job-store';
import type { JobRow } from '../jobs/job-store';
import {
  deleteAiTrainingWebsite,
  findAiTrainingWebsite,
  insertAiTrainingWebsite,
  markAiTrainingWebsitePending,
  setAiTrainingWebsiteLinks,
  readAiTrainingWebsite,
} from '../repositories/ai-training-websites';
import type { AiTrainingWebsiteRow } from '../repositories/ai-training-websites';
import { normalizeUrl, sameSite } from '../crawler/site-urls';

/** The background jobs of website training. */
export const getLinksJobKind = 'get-links';
export const indexWebsiteJobKind = 'index-website';

export const websiteNotFound = (websiteId: string) =>
  new HttpError(404, `Website ${websiteId} not found`);

/** An address as stored and compared: without its fragment, host lower-cased, default port dropped. */
function storedUrl(field: string, url: string): string {
  const normalized = normalizeUrl(url);
  if (!normalized) throw new HttpError(400, `${field}: ${url} is not a web page address`);
  return normalized;
}

/** The links as stored: normalised, each once, every one on the website's own site. */
function checkedLinks(baseUrl: string, links: readonly string[]): string[] {
  const normalized = [...new Set(links.map((link) => storedUrl('links', link)))];
  const foreign = normalized.find((link) => !sameSite(baseUrl, link));
  if (foreign) {
    throw new HttpError(400, `links: ${foreign} is not on ${new URL(baseUrl).host}`);
  }
  return normalized;
}

/** Queues the reading of the website's pending links, unless a queued job will already. */
async function queueIndexing(trx: Kysely<Database>, website: AiTrainingWebsiteRow) {
  const queued = await trx
    .selectFrom('jobs')
    .select('id')
    .where('workspaceId', '=', website.workspaceId)
    .where('kind', '=', indexWebsiteJobKind)
    .where('status', '=', 'queued')
    .where((eb) => eb(eb.ref('payload', '->>').key('websiteId'), '=', website.id))
    .executeTakeFirst();
  if (queued) return;
  await enqueueJob(trx, {
    workspaceId: website.workspaceId,
    kind: indexWebsiteJobKind,
    payload: { websiteId: website.id },
  });
}

/** product-spec.md §7 POST ai-training-websites: the website, its links waiting to be read, and the job that reads them. */
/** A website as the API answers it: its links and each page's state. */
export function readWebsite(db: Kysely<Database>, row: AiTrainingWebsiteRow) {
  return readAiTrainingWebsite(db, row);
}

export async function createWebsite(
  trx: Kysely<Database>,
  workspaceId: string,
  fields: { baseUrl: string; links: string[] },
  now: Date,
): Promise<AiTrainingWebsiteRow> {
  const baseUrl = storedUrl('baseUrl', fields.baseUrl);
  const website = await insertAiTrainingWebsite(
    trx,
    workspaceId,
    { baseUrl, links: checkedLinks(baseUrl, fields.links) },
    now,
  );
  await queueIndexing(trx, website);
  return website;
}

/** product-spec.md §7 PATCH ai-training-websites: removed links leave the bot now; new ones are read. */
export async function changeWebsiteLinks(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  links: string[],
  now: Date,
): Promise<AiTrainingWebsiteRow> {
  const website = await findAiTrainingWebsite(trx, workspaceId, websiteId, { lock: true });
  if (!website) throw websiteNotFound(websiteId);
  const { row, added } = await setAiTrainingWebsiteLinks(
    trx,
    website,
    checkedLinks(website.baseUrl, links),
    now,
  );
  if (added.length > 0) await queueIndexing(trx, row);
  return row;
}

/** product-spec.md §7 DELETE ai-training-websites: its pages leave the bot, and its reading stops. */
export async function removeWebsite(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
): Promise<void> {
  await cancelJobsOf(trx, workspaceId, indexWebsiteJobKind, 'websiteId', websiteId);
  if (!(await deleteAiTrainingWebsite(trx, workspaceId, websiteId))) {
    throw websiteNotFound(websiteId);
  }
}

/** Re-sync: every link read again; pages whose text has not changed stay as they are. */
export async function resyncWebsite(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  now: Date,
): Promise<AiTrainingWebsiteRow> {
  const website = await findAiTrainingWebsite(trx, workspaceId, websiteId, { lock: true });
  if (!website) throw websiteNotFound(websiteId);
  const row = await markAiTrainingWebsitePending(trx, website, now);
  await queueIndexing(trx, row);
  return row;
}

/** getLinks: discovery of the site at `baseUrl`, ended after 30 minutes (product-spec.md §9). */
export function startLinkDiscovery(
  trx: Kysely<Database>,
  workspaceId: string,
  baseUrl: string,
  now: Date,
): Promise<JobRow> {
  const url = storedUrl('baseUrl', baseUrl);
  return enqueueJob(trx, {
    workspaceId,
    kind: getLinksJobKind,
    payload: { baseUrl: url },
    progress: { baseUrl: url, pagesFound: 0, pagesFetched: 0, links: [] },
    deadlineAt: new Date(now.getTime() + getLinksTimeoutMinutes * 60_000),
  });
}
