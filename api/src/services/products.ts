import type { Kysely } from 'kysely';
import type { Product, ProductStatus } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  findProduct,
  findSkuOwner,
  insertProduct,
  toProduct,
  updateProduct,
  type ProductFields,
} from '../repositories/products';

// The product rules (spec §3, §7) over the repository; each runs inside the caller's write
// transaction, after the caller was checked.

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

/**
 * spec §7: the client names the product's id, so a retried create (the same id and SKU) answers
 * the product the first call made instead of making a second one.
 */
export async function createProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  productId: string,
  fields: ProductFields & { status: ProductStatus },
  now: Date,
): Promise<Product> {
  const existing = await findProduct(trx, workspaceId, productId);
  if (existing) {
    if (existing.sku === fields.sku) return toProduct(existing);
    throw new HttpError(400, `Product ${productId} already exists with another SKU`);
  }
  await requireFreeSku(trx, workspaceId, fields.sku, productId);
  return insertProduct(trx, workspaceId, productId, fields, now);
}

export async function changeProduct(
  trx: Kysely<Database>,
  workspaceId: string,
  productId: string,
  fields: ProductFields & { status?: ProductStatus | undefined },
  now: Date,
): Promise<Product> {
  await requireFreeSku(trx, workspaceId, fields.sku, productId);
  const product = await updateProduct(trx, workspaceId, productId, fields, now);
  if (!product) throw productNotFound(productId);
  return product;
}
