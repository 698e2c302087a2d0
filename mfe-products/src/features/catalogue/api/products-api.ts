import {
  call,
  callWithProgress,
  productEndpoints,
  type LiveQuery,
  type WriteProgress,
  type CreateProductRequest,
  type DeleteProductsRequest,
  type ImportProductsRequest,
  type Product,
  type UpdateProductRequest,
} from 'shared-sdk';

// product-spec.md §7 product calls; the server checks that the caller is an admin of the workspace.

export const createProduct = (request: CreateProductRequest) =>
  call(productEndpoints.create, request);

export const updateProduct = (request: UpdateProductRequest) =>
  call(productEndpoints.update, request);

export const deleteProducts = (request: DeleteProductsRequest) =>
  call(productEndpoints.delete, request);

/** Enables or disables products: each is saved with its own fields and the new status. */
export const setProductsStatus = (products: readonly Product[], status: 'active' | 'disabled') =>
  Promise.all(
    products.map(
      ({ workspaceId, id, sku, name, description, price, stock, photoUrl, salesPitch }) =>
        updateProduct({
          workspaceId,
          productId: id,
          sku,
          name,
          description,
          price,
          stock,
          photoUrl,
          salesPitch,
          status,
        }),
    ),
  );

/** Writes an import's rows; `onProgress` hears how many are written as the server goes. */
export const importProducts = (
  request: ImportProductsRequest,
  onProgress: (progress: WriteProgress) => void,
) => callWithProgress(productEndpoints.import, request, onProgress);

/** The copying in of an import's photos (a background job), live. */
export const photoCopyQuery = (workspaceId: string, jobId: string): LiveQuery => ({
  collection: 'jobs',
  workspaceId,
  where: [{ field: 'id', op: '==', value: jobId }],
  limit: 1,
});
