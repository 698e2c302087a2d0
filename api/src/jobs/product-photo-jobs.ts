import type { Kysely } from 'kysely';
import { productPhotosJobKind } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { writeTransaction } from '../live/write-transaction';
import type { OutboundFetch } from '../outbound/outbound-types';
import {
  findProcessingProductId,
  settleProcessingProduct,
  settleProcessingProducts,
} from '../repositories/products';
import type { ProductPhotoItem } from '../services/products';
import { isValidFileName } from '../services/storage-paths';
import type { FileStorage } from '../services/storage';
import type { JobHandler } from './job-runner';

export interface ProductPhotoJobsOptions {
  db: Kysely<Database>;
  fetch: OutboundFetch;
  storage: FileStorage;
}

interface Failure {
  sku: string;
  reason: string;
}

/** The stored file's name: the photo's own, when it is one a path may hold. */
function fileNameOf(imageUrl: string): string {
  const last = new URL(imageUrl).pathname.split('/').pop() ?? '';
  let name = '';
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the generic name below.
  }
  return isValidFileName(name) && /\.[a-z0-9]{2,5}$/i.test(name) ? name : 'photo.jpg';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Copies an import's photos in (Shopify's Image Src): each is fetched through the SSRF guard,
 * checked and stored as an upload of the admin who imported, and its product leaves
 * `processing` for the status its row gave, with the photo or, when it could not be copied,
 * without it (the reason is listed). A run after a restart goes on from the first product
 * still processing; if the job fails, the products it had not reached take their status without
 * a photo, so none stays processing.
 */
export function productPhotosJob({ db, fetch, storage }: ProductPhotoJobsOptions): JobHandler {
  return {
    kind: productPhotosJobKind,
    async run({ job, signal, reportProgress }) {
      const { workspaceId } = job;
      const userId = String(job.payload.userId);
      const items = job.payload.items as ProductPhotoItem[];
      const failed: Failure[] = Array.isArray(job.progress.failed)
        ? (job.progress.failed as Failure[])
        : [];
      const progress = (done: number) => ({ total: items.length, done, failed: [...failed] });
      for (const [index, item] of items.entries()) {
        signal.throwIfAborted();
        const productId = await findProcessingProductId(db, workspaceId, item.sku);
        if (!productId) continue; // Copied before a restart, or edited or deleted since.
        let photoUrl: string | null = null;
        try {
          const response = await fetch(item.imageUrl, {
            maxBytes: storage.maxUploadBytes,
            accept: 'image/*',
            acceptContentType: (type) => !type || type.startsWith('image/'),
            signal,
          });
          if (response.status !== 200)
            throw new Error(`The photo's address answered ${response.status}`);
          const stored = await storage.upload(db, {
            path: `images/products/${workspaceId}-${productId}/${fileNameOf(item.imageUrl)}`,
            caller: { kind: 'user', userId },
            readFile: async () => response.body,
          });
          photoUrl = stored.url;
        } catch (error) {
          if (signal.aborted) throw error;
          failed.push({ sku: item.sku, reason: reasonOf(error) });
        }
        await writeTransaction(db, (trx) =>
          settleProcessingProduct(
            trx,
            workspaceId,
            item.sku,
            { status: item.status, photoUrl },
            new Date(),
          ),
        );
        reportProgress(progress(index + 1));
      }
      return { progress: progress(items.length) };
    },
    async onFailed(trx, job) {
      const items = job.payload.items as ProductPhotoItem[];
      for (const status of ['active', 'disabled'] as const) {
        const skus = items.filter((item) => item.status === status).map((item) => item.sku);
        await settleProcessingProducts(trx, job.workspaceId, skus, status, new Date());
      }
    },
  };
}
