import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WriteProgress } from 'shared-sdk';
import type { ImportProductsResponse } from 'shared-sdk/schemas';
import { productPhotosJobKind } from 'shared-sdk/schemas';
import { requireMember } from '../auth/workspace-access';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { enqueueJob } from '../jobs/job-store';
import { writeTransaction } from '../live/write-transaction';
import {
  chunksWritten,
  claimProductImport,
  countProductsAndNewSkus,
  endProductImport,
  renewProductImport,
  saveProductsBeforeChunk,
  stopProductImport,
  takeOverDeadProductImport,
  undoProductImportChunk,
} from '../repositories/product-imports';
import { upsertProductsBySku } from '../repositories/products';
import { requireProductRoom } from './billing/product-limit';
import type { PhotoStorage } from './photo-urls';
import { withOwnPhoto, type ProductImportRowInput, type ProductPhotoItem } from './products';
import { emitWebhookEvent } from './webhook-events';

/**
 * Rows written per chunk, each chunk one short transaction. On the embedded database a
 * transaction has its one connection to itself: 250 rows hold it for a few tens of ms, so other
 * workspaces' requests wait that long at most, where a 10,000-row import in one transaction
 * held it for 2–3 s. Smaller chunks cost the import more in fixed costs per chunk.
 */
export const productImportChunkRows = 250;

/**
 * After each chunk the import waits as long as the chunk took: the database is left to other
 * work at least half the time however long the import (bench:import-fairness).
 */
const restAfterChunk = 1;

/**
 * A pause between two chunks of every import, when set: for a test to act while an import is
 * under way, at a known point. Unset, imports run straight through.
 */
export const productImportPauses: { betweenChunks?: (chunk: number) => Promise<void> } = {};

export const importUnderWay = () =>
  new HttpError(
    409,
    'Another products import of this workspace is under way. Import this file once it has finished.',
    { code: 'products/import-under-way' },
  );

const importStopped = () =>
  new HttpError(
    409,
    'The import was stopped as it took too long; nothing of it was kept. Import the file again.',
    { code: 'products/import-stopped' },
  );

export interface ProductImport {
  workspaceId: string;
  /** The admin importing; checked again when the import ends. */
  userId: string;
  rows: readonly ProductImportRowInput[];
  /** The clock of the import's writes and of its lease. */
  clock: () => Date;
  storage: PhotoStorage;
  log: FastifyBaseLogger;
  onProgress?: ((progress: WriteProgress) => void) | undefined;
}

/**
 * A CSV import: every row written by SKU, or none. The rows are checked and their photos found
 * first, reading only; then written in chunks, each a short transaction that first keeps the
 * products it changes as they were, so that other work gets the database between chunks. If
 * anything fails before the last step, every chunk written is put back, chunk by chunk, and the
 * catalogue is as it was. The last step, one transaction, announces the import (one webhook
 * event) and stores the background job that copies in the photos of rows with an `imageUrl`
 * (written `processing` until then). One import per workspace at a time.
 */
export async function importProducts(
  db: Kysely<Database>,
  task: ProductImport,
): Promise<ImportProductsResponse> {
  const { workspaceId, userId, storage } = task;
  const rows: ProductImportRowInput[] = [];
  for (const [index, row] of task.rows.entries()) {
    rows.push(await withOwnPhoto(db, storage, workspaceId, row, `products.${index}.photoUrl`));
  }
  const skus = rows.map((row) => row.sku);
  const before = await countProductsAndNewSkus(db, workspaceId, skus);
  await requireProductRoom(db, workspaceId, {
    before: before.products,
    after: before.products + before.newSkus,
  });

  const importId = randomId();
  await claimSlot(db, { workspaceId, id: importId, userId }, task);
  try {
    const written = await writeChunks(db, importId, rows, task);
    return await finish(db, importId, written, task);
  } catch (err) {
    await putBack(db, workspaceId, importId, task).catch((undoError: unknown) =>
      // Left for the workspace's next import, once the lease has run out.
      task.log.error({ err: undoError, importId }, 'A failed products import was not put back'),
    );
    throw err;
  }
}

/** The workspace's import slot, after putting back an import that died holding it. */
async function claimSlot(
  db: Kysely<Database>,
  slot: { workspaceId: string; id: string; userId: string },
  task: ProductImport,
): Promise<void> {
  if (await claimProductImport(db, slot, task.clock())) return;
  const dead = await takeOverDeadProductImport(db, slot.workspaceId, task.clock());
  if (dead === undefined) throw importUnderWay();
  await putBack(db, slot.workspaceId, dead, task);
  if (!(await claimProductImport(db, slot, task.clock()))) throw importUnderWay();
}

interface Written {
  created: number;
  updated: number;
  /** Rows written `processing`, whose photo the background job copies in. */
  photos: ProductPhotoItem[];
}

async function writeChunks(
  db: Kysely<Database>,
  importId: string,
  rows: readonly ProductImportRowInput[],
  { workspaceId, clock, onProgress }: ProductImport,
): Promise<Written> {
  const now = clock();
  const written: Written = { created: 0, updated: 0, photos: [] };
  onProgress?.({ done: 0, total: rows.length });
  for (let start = 0, chunk = 0; start < rows.length; start += productImportChunkRows, chunk++) {
    const slice = rows.slice(start, start + productImportChunkRows);
    const from = performance.now();
    const counts = await writeTransaction(db, async (trx) => {
      if (!(await renewProductImport(trx, importId, clock()))) throw importStopped();
      const skus = slice.map((row) => row.sku);
      const before = await saveProductsBeforeChunk(trx, workspaceId, importId, chunk, skus);
      return upsertProductsBySku(
        trx,
        workspaceId,
        slice.map(({ imageUrl, ...row }) =>
          imageUrl && !row.photoUrl ? { ...row, status: 'processing' as const } : row,
        ),
        before,
        now,
      );
    });
    written.created += counts.created;
    written.updated += counts.updated;
    for (const { sku, imageUrl, photoUrl, status } of slice) {
      if (imageUrl && !photoUrl) written.photos.push({ sku, imageUrl, status });
    }
    onProgress?.({ done: start + slice.length, total: rows.length });
    await sleep((performance.now() - from) * restAfterChunk);
    await productImportPauses.betweenChunks?.(chunk);
  }
  return written;
}

/** The import's last step, one transaction: announced, its photos' job stored, its slot freed. */
function finish(
  db: Kysely<Database>,
  importId: string,
  { created, updated, photos }: Written,
  { workspaceId, userId, clock }: ProductImport,
): Promise<ImportProductsResponse> {
  return writeTransaction(db, async (trx) => {
    const now = clock();
    if (!(await renewProductImport(trx, importId, now))) throw importStopped();
    // Still an admin of the workspace, and still within the plan with what others added since.
    await requireMember(trx, userId, workspaceId, { role: 'admin' });
    const { products } = await countProductsAndNewSkus(trx, workspaceId, []);
    await requireProductRoom(trx, workspaceId, { before: products - created, after: products });
    // One event for the import, however many rows: receivers read the catalogue again.
    await emitWebhookEvent(trx, workspaceId, 'product.imported', { created, updated }, now);
    await endProductImport(trx, importId);
    if (photos.length === 0) return { created, updated, photos: null };
    const job = await enqueueJob(trx, {
      workspaceId,
      kind: productPhotosJobKind,
      payload: { userId, items: photos },
      progress: { total: photos.length, done: 0, failed: [] },
    });
    return { created, updated, photos: { jobId: job.id, count: photos.length } };
  });
}

/** Puts back every chunk the import wrote, the last first, then frees its slot. */
async function putBack(
  db: Kysely<Database>,
  workspaceId: string,
  importId: string,
  { clock }: ProductImport,
): Promise<void> {
  await stopProductImport(db, importId, clock());
  for (const chunk of await chunksWritten(db, importId)) {
    await writeTransaction(db, (trx) =>
      undoProductImportChunk(trx, workspaceId, importId, chunk, clock()),
    );
  }
  await writeTransaction(db, (trx) => endProductImport(trx, importId));
}
