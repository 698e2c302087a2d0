import { sql, type Kysely } from 'kysely';
import type { ProductStatus } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { lockStatistics, recountProducts, type ProductCounts } from './statistics';

/**
 * How long an import holds its workspace's slot without writing a chunk; each chunk renews it.
 * Past it, the import is taken to have died with its process (a chunk takes well under a second).
 */
export const productImportLeaseMs = 60_000;

const leaseFrom = (now: Date) => new Date(now.getTime() + productImportLeaseMs);

/** Takes the workspace's one import slot for the import `id`; false while another holds it. */
export async function claimProductImport(
  db: Kysely<Database>,
  slot: { workspaceId: string; id: string; userId: string },
  now: Date,
): Promise<boolean> {
  const taken = await db
    .insertInto('productImports')
    .values({ ...slot, startedAt: now, leaseUntil: leaseFrom(now) })
    .onConflict((conflict) => conflict.column('workspaceId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * Keeps the import's slot for another lease; false when it is being put back (it was taken over
 * as dead): then it must write nothing more.
 */
export async function renewProductImport(
  trx: Kysely<Database>,
  importId: string,
  now: Date,
): Promise<boolean> {
  const renewed = await trx
    .updateTable('productImports')
    .set({ leaseUntil: leaseFrom(now) })
    .where('id', '=', importId)
    .where('undoing', '=', false)
    .returning('id')
    .executeTakeFirst();
  return renewed !== undefined;
}

/** Marks the import as being put back: from now on its chunks are refused. */
export async function stopProductImport(
  db: Kysely<Database>,
  importId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('productImports')
    .set({ undoing: true, leaseUntil: leaseFrom(now) })
    .where('id', '=', importId)
    .execute();
}

/**
 * Takes over the workspace's import whose lease ran out (its process died, or stopped while
 * putting it back): marked as being put back, for this caller to do. Its id, or undefined when
 * the slot's import is alive (or another caller took it over first).
 */
export async function takeOverDeadProductImport(
  db: Kysely<Database>,
  workspaceId: string,
  now: Date,
): Promise<string | undefined> {
  const taken = await db
    .updateTable('productImports')
    .set({ undoing: true, leaseUntil: leaseFrom(now) })
    .where('workspaceId', '=', workspaceId)
    .where('leaseUntil', '<', now)
    .returning('id')
    .executeTakeFirst();
  return taken?.id;
}

/** Frees the workspace's import slot; what the import wrote stays, and is no longer undone. */
export async function endProductImport(trx: Kysely<Database>, importId: string): Promise<void> {
  await trx.deleteFrom('productImportUndo').where('importId', '=', importId).execute();
  await trx.deleteFrom('productImports').where('id', '=', importId).execute();
}

/**
 * Remembers, before the chunk `chunk` writes `skus`, each product as it is (null for a SKU the
 * workspace does not have yet), so that the import can be put back if it does not finish.
 * Answers how many of those products have each status.
 */
export async function saveProductsBeforeChunk(
  trx: Kysely<Database>,
  workspaceId: string,
  importId: string,
  chunk: number,
  skus: readonly string[],
): Promise<ProductCounts> {
  const { rows } = await sql<{ status: ProductStatus | null }>`
    insert into product_import_undo (import_id, chunk, sku, product)
    select ${importId}, ${chunk}, given.sku, was.product
    from unnest(${[...skus]}::text[]) as given (sku)
    -- One lookup by SKU each: joined whole, the planner may read the workspace's every product.
    left join lateral (
      select to_jsonb(p) as product from products p
      where p.workspace_id = ${workspaceId} and p.sku = given.sku
    ) as was on true
    returning product ->> 'status' as status`.execute(trx);
  const counts: ProductCounts = { active: 0, disabled: 0, processing: 0 };
  for (const { status } of rows) if (status) counts[status] += 1;
  return counts;
}

/** The chunks of an import that wrote something, the last first. */
export async function chunksWritten(db: Kysely<Database>, importId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('productImportUndo')
    .select('chunk')
    .distinct()
    .where('importId', '=', importId)
    .orderBy('chunk', 'desc')
    .execute();
  return rows.map((row) => row.chunk);
}

/**
 * Puts back what the chunk `chunk` of an import wrote: the products it changed as they were, the
 * ones it added deleted; then counts the products again.
 */
export async function undoProductImportChunk(
  trx: Kysely<Database>,
  workspaceId: string,
  importId: string,
  chunk: number,
  now: Date,
): Promise<void> {
  await lockStatistics(trx, workspaceId);
  await sql`
    update products p set
      name = was.name, description = was.description, status = was.status,
      price_minor = was.price_minor, stock = was.stock, photo_url = was.photo_url,
      sales_pitch = was.sales_pitch, updated_at = was.updated_at
    from product_import_undo u
    cross join lateral jsonb_populate_record(null::products, u.product) as was
    where u.import_id = ${importId} and u.chunk = ${chunk} and u.product is not null
      and p.workspace_id = ${workspaceId} and p.sku = u.sku`.execute(trx);
  await sql`
    delete from products p using product_import_undo u
    where u.import_id = ${importId} and u.chunk = ${chunk} and u.product is null
      and p.workspace_id = ${workspaceId} and p.sku = u.sku`.execute(trx);
  await trx
    .deleteFrom('productImportUndo')
    .where('importId', '=', importId)
    .where('chunk', '=', chunk)
    .execute();
  await recountProducts(trx, workspaceId, now);
  recordChange(trx, { collection: 'products', workspaceId, ids: [], manyIds: true });
}

/** The workspace's products and how many of `skus` it does not have yet (an import would add). */
export async function countProductsAndNewSkus(
  db: Kysely<Database>,
  workspaceId: string,
  skus: readonly string[],
): Promise<{ products: number; newSkus: number }> {
  const { rows } = await sql<{ products: number; newSkus: number }>`
    select
      (select count(*)::int from products where workspace_id = ${workspaceId}) as products,
      (select count(*)::int from unnest(${[...skus]}::text[]) as given (sku)
        where not exists (
          select 1 from products p where p.workspace_id = ${workspaceId} and p.sku = given.sku
        )) as new_skus`.execute(db);
  return rows[0] ?? { products: 0, newSkus: skus.length };
}
