import { sql, type Kysely, type Selectable } from 'kysely';
import type { Product, ProductStatus, SettableProductStatus } from 'shared-sdk/schemas';
import { priceToMinorUnits } from 'shared-sdk/schemas';
import type { Database, ProductsTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { randomId } from '../db/random-id';
import { adjustProductCounts, lockStatistics, type ProductCounts } from './statistics';

export type ProductRow = Selectable<ProductsTable>;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    sku: row.sku,
    name: row.name,
    description: row.description,
    status: row.status,
    // Minor units are whole numbers below 2^53: the division gives the exact two-decimal value.
    price: Number(row.priceMinor) / 100,
    stock: row.stock,
    photoUrl: row.photoUrl,
    salesPitch: row.salesPitch,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What an admin writes of a product (parsed by productFieldsSchema). */
export interface ProductFields {
  sku: string;
  name: string;
  description: string;
  stock: number;
  price: number;
  photoUrl?: string | null | undefined;
  salesPitch?: string | null | undefined;
}

const columnsOf = (fields: ProductFields) => ({
  sku: fields.sku,
  name: fields.name,
  description: fields.description,
  stock: fields.stock,
  priceMinor: priceToMinorUnits(fields.price),
  // An empty text is no photo or pitch.
  photoUrl: fields.photoUrl || null,
  salesPitch: fields.salesPitch || null,
});

/** +1 (or -1) on the status's counter. */
/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
const upsertBatch = 2000;

const countOf = (status: ProductStatus, delta: number): ProductCounts => ({
  active: 0,
  disabled: 0,
  processing: 0,
  [status]: delta,
});

export function findProduct(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The id of the workspace's product with `sku`, other than `exceptId`. */
export async function findSkuOwner(
  db: Kysely<Database>,
  workspaceId: string,
  sku: string,
  exceptId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('sku', '=', sku)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row?.id;
}

/** Stores a new product and counts it; the caller has checked that id and sku are free. */
export async function insertProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  fields: ProductFields & { status: ProductStatus },
  now: Date,
): Promise<Product> {
  const row = await trx
    .insertInto('products')
    .values({ workspaceId, id, status: fields.status, ...columnsOf(fields), updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  await adjustProductCounts(trx, workspaceId, countOf(row.status, 1), now);
  recordChange(trx, { collection: 'products', workspaceId, ids: [id] });
  return toProduct(row);
}

/**
 * Changes the workspace's product `id` (and its status, when given), moving its count from the
 * old status to the new one; undefined when the workspace has no such product.
 */
export async function updateProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
  fields: ProductFields & { status?: ProductStatus | undefined },
  now: Date,
): Promise<Product | undefined> {
  // Locked: a concurrent status change cannot move the same count twice.
  const before = await trx
    .selectFrom('products')
    .select('status')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  const row = await trx
    .updateTable('products')
    .set({ ...columnsOf(fields), status: fields.status ?? before.status, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (row.status !== before.status) {
    const moved = countOf(row.status, 1);
    moved[before.status] -= 1;
    await adjustProductCounts(trx, workspaceId, moved, now);
  }
  recordChange(trx, { collection: 'products', workspaceId, ids: [id] });
  return toProduct(row);
}

/**
 * Ends a product's `processing` (its photo copied in, or given up on): it takes `status`, and
 * `photoUrl` when one was stored. False when it is no longer processing (edited or deleted since).
 */
export async function settleProcessingProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  sku: string,
  settled: { status: SettableProductStatus; photoUrl: string | null },
  now: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('products')
    .set({
      status: settled.status,
      ...(settled.photoUrl ? { photoUrl: settled.photoUrl } : {}),
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId)
    .where('sku', '=', sku)
    .where('status', '=', 'processing')
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  const moved = countOf(settled.status, 1);
  moved.processing -= 1;
  await adjustProductCounts(trx, workspaceId, moved, now);
  recordChange(trx, { collection: 'products', workspaceId, ids: [row.id] });
  return true;
}

/**
 * Ends the `processing` of those of `skus` still in it, without a photo, in one statement per
 * batch: what a photo copy that failed leaves behind. Returns how many moved.
 */
export async function settleProcessingProducts(
  trx: Kysely<Database>,
  workspaceId: string,
  skus: readonly string[],
  status: SettableProductStatus,
  now: Date,
): Promise<number> {
  let settled = 0;
  for (let start = 0; start < skus.length; start += upsertBatch) {
    const rows = await trx
      .updateTable('products')
      .set({ status, updatedAt: now })
      .where('workspaceId', '=', workspaceId)
      .where('sku', 'in', skus.slice(start, start + upsertBatch))
      .where('status', '=', 'processing')
      .returning('id')
      .execute();
    settled += rows.length;
  }
  if (settled === 0) return 0;
  const moved = countOf(status, settled);
  moved.processing -= settled;
  await adjustProductCounts(trx, workspaceId, moved, now);
  recordChange(trx, { collection: 'products', workspaceId, ids: [], manyIds: true });
  return settled;
}

/** The id of the workspace's product `sku` while it is processing. */
export async function findProcessingProductId(
  db: Kysely<Database>,
  workspaceId: string,
  sku: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('sku', '=', sku)
    .where('status', '=', 'processing')
    .executeTakeFirst();
  return row?.id;
}

export type ProductsToDelete = { ids: string[] } | { status: ProductStatus };

/** How many products a delete removed, and which when they were picked by id (at most 500). */
export interface ProductsDeleted {
  count: number;
  /** null when every product of a status went: any number, not listed. */
  ids: string[] | null;
}

/**
 * Deletes the workspace's products named (ids of other workspaces match nothing) or every one
 * of a status, in one statement, and uncounts them by status. Deleting by status returns no rows
 * and announces one small event however many products go.
 */
export async function deleteProducts(
  trx: Kysely<Database>,
  workspaceId: string,
  which: ProductsToDelete,
  now: Date,
): Promise<ProductsDeleted> {
  const counts: ProductCounts = { active: 0, disabled: 0, processing: 0 };
  if ('status' in which) {
    const { rows } = await sql<{ removed: number }>`
      with removed as (
        delete from products where workspace_id = ${workspaceId} and status = ${which.status}
        returning 1
      )
      select count(*)::int as removed from removed`.execute(trx);
    const removed = rows[0]?.removed ?? 0;
    if (removed === 0) return { count: 0, ids: null };
    counts[which.status] = -removed;
    await adjustProductCounts(trx, workspaceId, counts, now);
    recordChange(trx, { collection: 'products', workspaceId, ids: [], manyIds: true });
    return { count: removed, ids: null };
  }
  if (which.ids.length === 0) return { count: 0, ids: [] };
  const removed = await trx
    .deleteFrom('products')
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', which.ids)
    .returning(['id', 'status'])
    .execute();
  if (removed.length === 0) return { count: 0, ids: [] };
  for (const { status } of removed) counts[status] -= 1;
  await adjustProductCounts(trx, workspaceId, counts, now);
  recordChange(trx, { collection: 'products', workspaceId, ids: removed.map((row) => row.id) });
  return { count: removed.length, ids: removed.map((row) => row.id) };
}

/**
 * Writes products by SKU: a SKU the workspace has changes that product (keeping its id), a new
 * one adds a product. `before` counts by status the products these SKUs were (an import's chunk
 * has read them already); the counters move from those to the statuses written, so that a chunk
 * never reads the whole catalogue. Announced as one event.
 */
export async function upsertProductsBySku(
  trx: Kysely<Database>,
  workspaceId: string,
  rows: readonly (ProductFields & { status: ProductStatus })[],
  before: ProductCounts,
  now: Date,
): Promise<{ created: number; updated: number }> {
  await lockStatistics(trx, workspaceId);
  const moved: ProductCounts = {
    active: -before.active,
    disabled: -before.disabled,
    processing: -before.processing,
  };
  let created = 0;
  for (let start = 0; start < rows.length; start += upsertBatch) {
    const batch = rows.slice(start, start + upsertBatch);
    const written = await trx
      .insertInto('products')
      .values(
        batch.map((row) => ({
          workspaceId,
          id: randomId(),
          status: row.status,
          ...columnsOf(row),
          updatedAt: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['workspaceId', 'sku']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          status: eb.ref('excluded.status'),
          priceMinor: eb.ref('excluded.priceMinor'),
          stock: eb.ref('excluded.stock'),
          photoUrl: eb.ref('excluded.photoUrl'),
          salesPitch: eb.ref('excluded.salesPitch'),
          updatedAt: now,
        })),
      )
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning(['status', sql<boolean>`xmax = 0`.as('inserted')])
      .execute();
    for (const row of written) {
      moved[row.status] += 1;
      if (row.inserted) created += 1;
    }
  }
  await adjustProductCounts(trx, workspaceId, moved, now);
  recordChange(trx, { collection: 'products', workspaceId, ids: [], manyIds: true });
  return { created, updated: rows.length - created };
}
