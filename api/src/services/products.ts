import type { Kysely } from 'kysely';
import type { Product, ProductStatus, SettableProductStatus } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { productPhotoUrl, type PhotoStorage } from './photo-urls';
import {
  deleteProducts,
  findProduct,
  findSkuOwner,
  insertProduct,
  toProduct,
  updateProduct,
  type ProductFields,
  type ProductsToDelete,
} from '../repositories/products';
import { emitWebhookEvent } from './webhook-events';

// The product rules (product-spec.md §3, §7) over the repository; each runs inside the caller's write
// transaction, after the caller was checked.

/** An import row as the API has parsed it. */
export type ProductImportRowInput = ProductFields & {
  status: SettableProductStatus;
  imageUrl?: string | undefined;
};

/** One photo an import copies in: its product (by SKU) and the status it takes after. */
export interface ProductPhotoItem {
  sku: string;
  imageUrl: string;
  status: SettableProductStatus;
}

export const productNotFound = (productId: string) =>
  new HttpError(404, `Product ${productId} not found`);

export const skuTaken = (sku: string) =>
  new HttpError(400, `A product with SKU ${sku} already exists`);

/** A unique-constraint race lost to a concurrent write. */
const violates = (err: unknown, constraint: string) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  (err as { constraint?: unknown }).constraint === constraint;

/** Another write took the same SKU after this one checked it. */
export const isSkuConflict = (err: unknown) => violates(err, 'products_sku_unique');
/** The same create, tried twice at once: the other one stored the product first. */
export const isProductIdConflict = (err: unknown) => violates(err, 'products_pkey');

async function requireFreeSku(
  db: Kysely<Database>,
  workspaceId: string,
  sku: string,
  productId: string,
): Promise<void> {
  if (await findSkuOwner(db, workspaceId, sku, productId)) throw skuTaken(sku);
}

/** The fields with their photo, if any, as the server's URL of a file this workspace stored. */
export async function withOwnPhoto<F extends { photoUrl?: string | null | undefined }>(
  trx: Kysely<Database>,
  storage: PhotoStorage,
  workspaceId: string,
  fields: F,
  field = 'photoUrl',
): Promise<F> {
  if (!fields.photoUrl) return fields;
  return {
    ...fields,
    photoUrl: await productPhotoUrl(trx, storage, workspaceId, fields.photoUrl, field),
  };
}

/**
 * product-spec.md §7: the client names the product's id, so a retried create (the same id and SKU) answers
 * the product the first call made instead of making a second one.
 */
export async function createProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  productId: string,
  given: ProductFields & { status: ProductStatus },
  now: Date,
  storage: PhotoStorage,
): Promise<Product> {
  const fields = await withOwnPhoto(trx, storage, workspaceId, given);
  const existing = await findProduct(trx, workspaceId, productId);
  if (existing) {
    if (existing.sku === fields.sku) return toProduct(existing);
    throw new HttpError(400, `Product ${productId} already exists with another SKU`);
  }
  await requireFreeSku(trx, workspaceId, fields.sku, productId);
  const product = await insertProduct(trx, workspaceId, productId, fields, now);
  await emitWebhookEvent(trx, workspaceId, 'product.created', { product }, now);
  return product;
}

export async function changeProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  productId: string,
  given: ProductFields & { status?: ProductStatus | undefined },
  now: Date,
  storage: PhotoStorage,
): Promise<Product> {
  const fields = await withOwnPhoto(trx, storage, workspaceId, given);
  await requireFreeSku(trx, workspaceId, fields.sku, productId);
  const product = await updateProduct(trx, workspaceId, productId, fields, now);
  if (!product) throw productNotFound(productId);
  await emitWebhookEvent(trx, workspaceId, 'product.updated', { product }, now);
  return product;
}

/**
 * Deletes the products picked (ids of other workspaces match nothing) or every one of a status.
 * One `product.deleted` event for the whole call: the ids when they were picked (at most 500),
 * only the count and the status when a status chose them. Returns how many went.
 */
export async function removeProducts(
  trx: Kysely<Database>,
  workspaceId: string,
  which: ProductsToDelete,
  now: Date,
): Promise<number> {
  const { count, ids } = await deleteProducts(trx, workspaceId, which, now);
  if (count > 0) {
    const status = 'status' in which ? which.status : null;
    await emitWebhookEvent(
      trx,
      workspaceId,
      'product.deleted',
      { productIds: ids, status, count },
      now,
    );
  }
  return count;
}
