import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectWebpagesForBot } from '../../repositories/ai-training-websites';
import type { ProductTraining, QnaTraining, WebPageTraining } from './training-documents';

// What the bot's index is built from: the workspace's training as the database holds it.

/** A page's id in the index: its website's, then its address. */
export const webPageId = (websiteId: string, url: string) => `${websiteId}:${url}`;

export function readQnas(
  db: Kysely<Database>,
  workspaceId: string,
  ids?: readonly string[],
): Promise<QnaTraining[]> {
  let query = db
    .selectFrom('aiTrainingQnas')
    .select(['id', 'question', 'answer', 'topicIds'])
    .where('workspaceId', '=', workspaceId);
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

/** Active products only: disabled ones, and ones an import is still writing, are not offered. */
export function readProducts(
  db: Kysely<Database>,
  workspaceId: string,
  ids?: readonly string[],
): Promise<ProductTraining[]> {
  let query = db
    .selectFrom('products as p')
    .innerJoin('workspaces as w', 'w.id', 'p.workspaceId')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.description',
      'p.status',
      'p.priceMinor',
      'p.stock',
      'p.salesPitch',
      'p.photoUrl',
      'w.currency',
    ])
    .where('p.workspaceId', '=', workspaceId)
    .where('p.status', '=', 'active');
  if (ids) query = query.where('p.id', 'in', ids);
  return query
    .execute()
    .then((rows) =>
      rows.map(({ priceMinor, ...row }) => ({ ...row, price: Number(priceMinor) / 100 })),
    );
}

/** The read pages of the workspace's websites (or of some of them, or some of their pages). */
export async function readWebPages(
  db: Kysely<Database>,
  workspaceId: string,
  websiteIds?: readonly string[],
  urls?: readonly string[],
): Promise<WebPageTraining[]> {
  const rows = await selectWebpagesForBot(db, workspaceId, websiteIds, urls);
  return rows.map((row) => ({
    id: webPageId(row.websiteId, row.url),
    url: row.url,
    title: row.title,
    passages: row.passages ?? [],
    version: row.contentHash,
  }));
}
