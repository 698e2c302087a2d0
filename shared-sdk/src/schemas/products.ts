import { z } from 'zod';
import { jobStatuses, webAddressSchema } from './websites';
import { maxProductImportRows } from './constants';

const id = z.string().min(1).max(64);
const timestamp = z.string();

/**
 * product-spec.md §4 product status. `processing`: an imported product whose photo the server is still
 * copying in (Shopify's Image Src); the bot never offers it, and it becomes active or disabled,
 * as its row said, once the photo is stored or could not be.
 */
export const productStatuses = ['active', 'disabled', 'processing'] as const;
export type ProductStatus = (typeof productStatuses)[number];
/** What an admin may set; `processing` belongs to imports. */
export const settableProductStatuses = ['active', 'disabled'] as const;
export type SettableProductStatus = (typeof settableProductStatuses)[number];

/** The largest price accepted, in the currency's units (below 2^53 minor units, exactly). */
export const maxProductPrice = 1_000_000_000;

/** A product as the live `products` collection and the product calls return it (product-spec.md §3). */
export const productSchema = z.object({
  id,
  workspaceId: id,
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(productStatuses),
  /** In the workspace's currency's units, at most two decimals (stored as minor units). */
  price: z.number(),
  stock: z.number().int(),
  photoUrl: z.string().nullable(),
  salesPitch: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Product = z.infer<typeof productSchema>;

/** Whole minor units (cents) hold the price exactly: 129.99 → 12999. */
export const priceToMinorUnits = (price: number) => Math.round(price * 100);

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const productPriceSchema = z
  .number({ error: 'Please enter the price as a number, like 129.99' })
  .min(0, 'The price cannot be negative')
  .max(maxProductPrice, `The price is at most ${maxProductPrice}`)
  .refine(hasAtMostTwoDecimals, 'The price has at most two decimals, like 129.99');

export const productStockSchema = z
  .number({ error: 'Please enter the stock as a whole number' })
  .int('The stock is a whole number')
  .min(0, 'The stock cannot be negative')
  .max(2_000_000_000, 'The stock is at most 2000000000');

/** A SKU: letters, digits and - _ . / (what shops print on labels), unique in the workspace. */
export const productSkuSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the SKU')
  .max(64, 'The SKU is at most 64 characters')
  .regex(/^[\p{L}\p{N}._/-]+$/u, 'The SKU may hold letters, digits and . _ / - only');

/** The fields an admin writes (product-spec.md §7 POST and PATCH /api/user/products). */
export const productFieldsSchema = z.object({
  sku: productSkuSchema,
  name: z.string().trim().min(1, 'Please enter the name').max(200),
  description: z.string().trim().max(5000).default(''),
  stock: productStockSchema,
  price: productPriceSchema,
  photoUrl: z.string().trim().max(2048).nullable().optional(),
  salesPitch: z.string().trim().max(1000).nullable().optional(),
});
export type ProductFields = z.input<typeof productFieldsSchema>;

// product-spec.md §7 POST /api/user/products: the client names the new product's id, so a retried call
// creates one product.
export const createProductRequestSchema = productFieldsSchema.extend({
  workspaceId: id,
  productId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A product id is 1–64 of A–Z a–z 0–9 _ -'),
  status: z.enum(settableProductStatuses).default('active'),
});
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;

// product-spec.md §7 PATCH /api/user/products: the same fields, and optionally the status.
export const updateProductRequestSchema = productFieldsSchema.extend({
  workspaceId: id,
  productId: id,
  status: z.enum(settableProductStatuses).optional(),
});
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;

// product-spec.md §7 DELETE /api/user/products: one product, several, or every product of a status.
export const deleteProductsRequestSchema = z.union([
  z.object({ workspaceId: id, productId: id }).strict(),
  z
    .object({
      workspaceId: id,
      productIds: z.array(id).min(1, 'Select at least one product').max(500),
    })
    .strict(),
  z.object({ workspaceId: id, where: z.object({ status: z.enum(productStatuses) }) }).strict(),
]);
export type DeleteProductsRequest = z.input<typeof deleteProductsRequestSchema>;

/** What a delete answers: how many products it removed. */
export const productsDeletedResponseSchema = z.object({ deleted: z.number().int() });
export type ProductsDeletedResponse = z.infer<typeof productsDeletedResponseSchema>;

/** One product of an import (a CSV row): what the create call takes, without the ids. */
export const productImportRowSchema = productFieldsSchema.extend({
  status: z.enum(settableProductStatuses).default('active'),
  /**
   * A photo on another site to copy in (Shopify's Image Src), when the row gives no photoUrl.
   * The product is `processing` until the server has fetched and stored it (or failed to), then
   * takes `status`.
   */
  imageUrl: webAddressSchema.optional(),
});
export type ProductImportRow = z.input<typeof productImportRowSchema>;

/**
 * Products written by SKU: a SKU the workspace has changes that product, a new one adds one.
 * A SKU twice in one file is refused (which row would win is not the file's to say).
 */
export const importProductsRequestSchema = z.object({
  workspaceId: id,
  products: z
    .array(productImportRowSchema)
    .min(1, 'The file has no products')
    .max(maxProductImportRows, `At most ${maxProductImportRows} products per import`)
    .superRefine((rows, context) => {
      const seen = new Map<string, number>();
      rows.forEach((row, index) => {
        const first = seen.get(row.sku);
        if (first === undefined) seen.set(row.sku, index);
        else {
          context.addIssue({
            code: 'custom',
            path: [index, 'sku'],
            message: `SKU ${row.sku} is also in row ${first + 1}`,
          });
        }
      });
    }),
});
export type ImportProductsRequest = z.input<typeof importProductsRequestSchema>;
export const importProductsResponseSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** The background job copying the rows' photos in (live in `jobs`), when any row has one. */
  photos: z.object({ jobId: z.string(), count: z.number().int() }).nullable(),
});
export type ImportProductsResponse = z.infer<typeof importProductsResponseSchema>;

export const productPhotosJobKind = 'product-photos';

/** The photo copy of an import as its live `jobs` document shows it. */
export const productPhotosJobSchema = z.object({
  id,
  status: z.enum(jobStatuses),
  total: z.number().int(),
  done: z.number().int(),
  /** Rows whose photo could not be copied: the product is kept without it. */
  failed: z.array(z.object({ sku: z.string(), reason: z.string() })),
  error: z.string().nullable(),
});
export type ProductPhotosJob = z.infer<typeof productPhotosJobSchema>;
