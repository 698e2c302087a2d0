import type { LiveDoc } from 'shared-sdk';
import type { Product, ProductPhotosJob } from 'shared-sdk/schemas';
import {
  fakeApi,
  errorReply,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { buildProduct, buildStatistics, buildWorkspace } from '@testing/data-generators';

type ProductDoc = Product & LiveDoc;
type Body = Partial<Product> & {
  workspaceId: string;
  productId?: string;
  productIds?: string[];
  where?: { status: Product['status'] };
};

const countsOf = (products: readonly Product[]) => ({
  all: products.length,
  active: products.filter((product) => product.status === 'active').length,
  disabled: products.filter((product) => product.status === 'disabled').length,
  processing: products.filter((product) => product.status === 'processing').length,
});

/**
 * The product calls of product-spec.md §7 and the live collections they change, in memory: a write changes
 * the products and the statistics together, then the subscriptions hear it. `override` answers
 * a call differently (e.g. an error). The workspace's currency is `currency`.
 */
export function fakeProductsServer({
  products = [],
  currency = 'USD',
  override = () => undefined,
}: {
  products?: ProductDoc[];
  currency?: string;
  override?: (request: FakeRequest) => FakeReply | undefined;
} = {}) {
  const live = connectFakeLiveCollections({
    products,
    statistics: [buildStatistics([], { products: countsOf(products) })],
    workspaces: [{ ...buildWorkspace({ id: 'ws_fernhill', currency }) }],
  });
  let sequence = 0;
  const stored = () => (live.collections.products ?? []) as ProductDoc[];

  async function write(change: (current: ProductDoc[]) => ProductDoc[]) {
    await live.commit((data) => {
      const next = change(data.products as ProductDoc[]);
      data.products = next;
      data.statistics = [buildStatistics([], { products: countsOf(next) })];
    });
  }

  const api = fakeApi(async (request) => {
    const overridden = override(request);
    if (overridden) return overridden;
    if (request.method === 'POST' && request.url === '/api/user/products-import') {
      const { workspaceId, products: rows } = request.body as {
        workspaceId: string;
        products: Omit<Product, 'id' | 'workspaceId' | 'createdAt' | 'updatedAt'>[];
      };
      const known = new Map(stored().map((product) => [product.sku, product]));
      const written = rows.map((row) => {
        sequence += 1;
        const added = new Date(Date.UTC(2025, 5, 1, 12, 0, sequence)).toISOString();
        return buildProduct({
          createdAt: added,
          ...known.get(row.sku),
          ...row,
          id: known.get(row.sku)?.id ?? `product_imported_${sequence}`,
          workspaceId,
        });
      });
      const skus = new Set(written.map((product) => product.sku));
      await write((current) => [...written, ...current.filter((doc) => !skus.has(doc.sku))]);
      const updated = rows.filter((row) => known.has(row.sku)).length;
      const photoCount = rows.filter((row) => 'imageUrl' in row && row.imageUrl).length;
      const photos = photoCount > 0 ? { jobId: 'job_photos_1', count: photoCount } : null;
      if (photos) {
        await live.commit((data) => {
          data.jobs = [photoJob({ total: photoCount })];
        });
      }
      // As the server answers when asked for progress: how far, then the outcome.
      return {
        status: 201,
        lines: [
          { type: 'progress', done: 0, total: rows.length },
          { type: 'progress', done: rows.length, total: rows.length },
          { type: 'result', result: { created: rows.length - updated, updated, photos } },
        ],
      };
    }
    if (request.url !== '/api/user/products') return notFoundReply(request);
    const body = request.body as Body;
    sequence += 1;
    const now = new Date(Date.UTC(2025, 5, 1, 12, 0, sequence)).toISOString();
    const fields = {
      sku: body.sku,
      name: body.name,
      description: body.description ?? '',
      price: body.price,
      stock: body.stock,
      photoUrl: body.photoUrl ?? null,
      salesPitch: body.salesPitch || null,
    };
    const skuTaken = stored().some(
      (product) => product.sku === body.sku && product.id !== body.productId,
    );
    if ((request.method === 'POST' || request.method === 'PATCH') && skuTaken) {
      return errorReply(400, 'invalid-argument', `A product with SKU ${body.sku} already exists`);
    }
    if (request.method === 'POST') {
      const product = buildProduct({
        ...fields,
        id: body.productId,
        workspaceId: body.workspaceId,
        status: body.status ?? 'active',
        createdAt: now,
        updatedAt: now,
      });
      // Newest first, as the server orders them.
      await write((current) => [product, ...current]);
      return { status: 201, body: product };
    }
    if (request.method === 'PATCH') {
      const existing = stored().find((product) => product.id === body.productId);
      if (!existing) return errorReply(404, 'not-found', `Product ${body.productId} not found`);
      const product = buildProduct({
        ...existing,
        ...fields,
        status: body.status ?? existing.status,
        updatedAt: now,
      });
      await write((current) => current.map((doc) => (doc.id === product.id ? product : doc)));
      return { status: 200, body: product };
    }
    if (request.method === 'DELETE') {
      const doomed = (product: Product) =>
        body.where
          ? product.status === body.where.status
          : (body.productIds ?? [body.productId]).includes(product.id);
      const deleted = stored().filter(doomed).length;
      await write((current) => current.filter((product) => !doomed(product)));
      return { status: 200, body: { deleted } };
    }
    return notFoundReply(request);
  });

  return {
    ...api,
    live,
    /** The photo copy's job moves on (the import made it `job_photos_1`). */
    photoJobChanges: (change: Partial<ProductPhotosJob>) =>
      live.commit((data) => {
        data.jobs = [photoJob({ ...(data.jobs?.[0] as ProductPhotosJob), ...change })];
      }),
  };
}

const photoJob = (fields: Partial<ProductPhotosJob>): ProductPhotosJob & LiveDoc => ({
  id: 'job_photos_1',
  status: 'queued',
  total: 0,
  done: 0,
  failed: [],
  error: null,
  ...fields,
});
