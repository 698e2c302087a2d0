import { sql, type Kysely, type Selectable } from 'kysely';
import type { AiTrainingWebpage, AiTrainingWebsite } from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type {
  AiTrainingWebpagesTable,
  AiTrainingWebsitesTable,
  Database,
  WebpageState,
} from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type AiTrainingWebsiteRow = Selectable<AiTrainingWebsitesTable>;
type WebpageStateRow = Pick<
  Selectable<AiTrainingWebpagesTable>,
  'url' | 'title' | 'state' | 'reason' | 'readAt' | 'changedAt'
>;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function toWebpage(row: WebpageStateRow): AiTrainingWebpage {
  return {
    url: row.url,
    title: row.title,
    state: row.state,
    reason: row.reason,
    readAt: iso(row.readAt),
    changedAt: iso(row.changedAt),
  };
}

/** The website with its links' states, in the order of its links. */
export function toAiTrainingWebsite(
  row: AiTrainingWebsiteRow,
  pages: readonly WebpageStateRow[],
): AiTrainingWebsite {
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    baseUrl: row.baseUrl,
    links: row.links,
    pages: row.links.flatMap((url) => {
      const page = byUrl.get(url);
      return page ? [toWebpage(page)] : [];
    }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const changed = (trx: Kysely<Database>, workspaceId: string, websiteIds: string[]) =>
  recordChange(trx, { collection: 'ai_training_websites', workspaceId, ids: websiteIds });

/** The links' states of the given websites (their text is not read). */
export function selectWebpageStates(
  db: Kysely<Database>,
  workspaceId: string,
  websiteIds: readonly string[],
) {
  return db
    .selectFrom('aiTrainingWebpages')
    .select(['websiteId', 'url', 'title', 'state', 'reason', 'readAt', 'changedAt'])
    .where('workspaceId', '=', workspaceId)
    .where('websiteId', 'in', websiteIds)
    .execute();
}

export async function findAiTrainingWebsite(
  db: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  { lock = false } = {},
): Promise<AiTrainingWebsiteRow | undefined> {
  let query = db
    .selectFrom('aiTrainingWebsites')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', websiteId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The website as the calls answer it. */
export async function readAiTrainingWebsite(
  db: Kysely<Database>,
  row: AiTrainingWebsiteRow,
): Promise<AiTrainingWebsite> {
  return toAiTrainingWebsite(row, await selectWebpageStates(db, row.workspaceId, [row.id]));
}

export async function insertAiTrainingWebsite(
  trx: Kysely<Database>,
  workspaceId: string,
  fields: { baseUrl: string; links: string[] },
  now: Date,
): Promise<AiTrainingWebsiteRow> {
  const row = await trx
    .insertInto('aiTrainingWebsites')
    .values({
      workspaceId,
      id: randomId(),
      baseUrl: fields.baseUrl,
      links: JSON.stringify(fields.links),
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertPendingPages(trx, workspaceId, row.id, fields.links);
  changed(trx, workspaceId, [row.id]);
  return row;
}

async function insertPendingPages(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  urls: readonly string[],
): Promise<void> {
  if (urls.length === 0) return;
  await trx
    .insertInto('aiTrainingWebpages')
    .values(urls.map((url) => ({ workspaceId, websiteId, url })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Sets the website's links: removed links' pages go (and with them their text in the bot),
 * new ones wait to be read. Returns the links added.
 */
export async function setAiTrainingWebsiteLinks(
  trx: Kysely<Database>,
  website: AiTrainingWebsiteRow,
  links: string[],
  now: Date,
): Promise<{ row: AiTrainingWebsiteRow; added: string[] }> {
  const { workspaceId, id } = website;
  const before = new Set(website.links);
  const after = new Set(links);
  const removed = website.links.filter((url) => !after.has(url));
  const added = links.filter((url) => !before.has(url));
  if (removed.length > 0) {
    await trx
      .deleteFrom('aiTrainingWebpages')
      .where('workspaceId', '=', workspaceId)
      .where('websiteId', '=', id)
      .where('url', 'in', removed)
      .execute();
  }
  await insertPendingPages(trx, workspaceId, id, added);
  const row = await trx
    .updateTable('aiTrainingWebsites')
    .set({ links: JSON.stringify(links), updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, workspaceId, [id]);
  return { row, added };
}

export async function deleteAiTrainingWebsite(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('aiTrainingWebsites')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', websiteId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) return false;
  changed(trx, workspaceId, [websiteId]);
  return true;
}

/** Every link of the website waits to be read again; the text read before stays meanwhile. */
export async function markAiTrainingWebsitePending(
  trx: Kysely<Database>,
  website: AiTrainingWebsiteRow,
  now: Date,
): Promise<AiTrainingWebsiteRow> {
  const { workspaceId, id } = website;
  await trx
    .updateTable('aiTrainingWebpages')
    .set({ state: 'pending', reason: null })
    .where('workspaceId', '=', workspaceId)
    .where('websiteId', '=', id)
    .execute();
  const row = await trx
    .updateTable('aiTrainingWebsites')
    .set({ updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  changed(trx, workspaceId, [id]);
  return row;
}

/** Up to `limit` links of the website still waiting to be read. */
export async function pendingWebpageUrls(
  db: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  limit: number,
): Promise<{ url: string; contentHash: string | null }[]> {
  return db
    .selectFrom('aiTrainingWebpages')
    .select(['url', 'contentHash'])
    .where('workspaceId', '=', workspaceId)
    .where('websiteId', '=', websiteId)
    .where('state', '=', 'pending')
    .orderBy('url')
    .limit(limit)
    .execute();
}

/** What reading one page gave. */
export type WebpageReading =
  | {
      url: string;
      state: 'indexed';
      title: string;
      passages: { headings: string[]; text: string }[];
      contentHash: string;
    }
  | { url: string; state: Exclude<WebpageState, 'indexed' | 'pending'>; reason: string };

/**
 * Stores what reading pages gave. A page whose text hash is unchanged keeps its passages and its
 * changedAt: the bot's index is not touched for it. Only pages still pending are written, so a
 * link removed meanwhile stays removed.
 */
export async function saveWebpageReadings(
  trx: Kysely<Database>,
  workspaceId: string,
  websiteId: string,
  readings: readonly WebpageReading[],
): Promise<void> {
  for (const reading of readings) {
    const base = trx
      .updateTable('aiTrainingWebpages')
      .where('workspaceId', '=', workspaceId)
      .where('websiteId', '=', websiteId)
      .where('url', '=', reading.url)
      .where('state', '=', 'pending');
    if (reading.state === 'indexed') {
      await base
        .set({
          state: 'indexed',
          reason: null,
          title: reading.title,
          readAt: sql<Date>`now()`,
          passages: sql<string>`case when content_hash is distinct from ${reading.contentHash}
            then ${JSON.stringify(reading.passages)}::jsonb else passages end`,
          changedAt: sql<Date>`case when content_hash is distinct from ${reading.contentHash}
            then now() else changed_at end`,
          contentHash: reading.contentHash,
        })
        .execute();
    } else {
      // A page that can no longer be read is no longer something the bot may quote.
      await base
        .set({
          state: reading.state,
          reason: reading.reason,
          readAt: sql<Date>`now()`,
          passages: null,
          contentHash: null,
          changedAt: sql<Date>`case when passages is null then changed_at else now() end`,
        })
        .execute();
    }
  }
  changed(trx, workspaceId, [websiteId]);
}

/** The read pages the bot answers from, of every website of the workspace or of some. */
export function selectWebpagesForBot(
  db: Kysely<Database>,
  workspaceId: string,
  websiteIds?: readonly string[],
  urls?: readonly string[],
) {
  let query = db
    .selectFrom('aiTrainingWebpages')
    .select(['websiteId', 'url', 'title', 'passages', 'contentHash'])
    .where('workspaceId', '=', workspaceId)
    .where('passages', 'is not', null);
  if (websiteIds) query = query.where('websiteId', 'in', websiteIds);
  if (urls) query = query.where('url', 'in', urls);
  return query.execute();
}

/** Which read pages the websites have and what each read as, without their text. */
export function selectWebpageVersions(
  db: Kysely<Database>,
  workspaceId: string,
  websiteIds: readonly string[],
) {
  return db
    .selectFrom('aiTrainingWebpages')
    .select(['websiteId', 'url', 'contentHash'])
    .where('workspaceId', '=', workspaceId)
    .where('websiteId', 'in', websiteIds)
    .where('passages', 'is not', null)
    .execute();
}
