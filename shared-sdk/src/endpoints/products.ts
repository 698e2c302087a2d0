import { endpoint } from '../endpoint';

// product-spec.md §7 product calls.
export const productEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/user/products',
    body: 'createProductRequestSchema',
    response: 'productSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/products',
    body: 'updateProductRequestSchema',
    response: 'productSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/products',
    body: 'deleteProductsRequestSchema',
    response: 'productsDeletedResponseSchema',
  }),
  /** A CSV import: products written by SKU, all or none. */
  import: endpoint({
    method: 'POST',
    path: '/api/user/products-import',
    body: 'importProductsRequestSchema',
    response: 'importProductsResponseSchema',
    status: 201,
  }),
};
