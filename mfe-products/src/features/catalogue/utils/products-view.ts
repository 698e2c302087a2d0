import { pageNotFound, parsePageParam, type LiveQuery, type Statistics } from 'shared-sdk';
import type { ProductStatus } from 'shared-sdk/schemas';

/** product-spec.md §9: lists are paginated with perPage from the query; these are the sizes offered. */
export const perPageOptions = [10, 25, 50, 100] as const;
export type PerPage = (typeof perPageOptions)[number];
export const defaultPerPage: PerPage = 25;

export type StatusTab = 'all' | ProductStatus;
export const statusTabs: readonly StatusTab[] = ['all', 'active', 'disabled', 'processing'];

export const sortOptions = ['newest', 'oldest', 'name', 'name-desc', 'sku'] as const;
export type ProductsSort = (typeof sortOptions)[number];

/** What the products list shows, read from its URL. */
export interface ProductsView {
  page: number;
  perPage: PerPage;
  status: StatusTab;
  /** Words looked for in the name and the SKU. */
  search: string;
  sort: ProductsSort;
}

/**
 * The list's query string, checked as product-spec.md §5 says: a page that is not a whole number of at
 * least 1, a size not offered, an unknown status or order is the 404 page ('Page Not Found:
 * {path}'), thrown for the shell's error boundary.
 */
export function parseProductsView(search: URLSearchParams, path: string): ProductsView {
  const single = (name: string) => {
    const values = search.getAll(name);
    if (values.length > 1) throw pageNotFound(path);
    return values[0];
  };
  const page = parsePageParam(search, path);
  const perPageText = single('perPage');
  const perPage =
    perPageText === undefined
      ? defaultPerPage
      : perPageOptions.find((option) => String(option) === perPageText);
  const status = (single('status') ?? 'all') as StatusTab;
  const sort = (single('sort') ?? 'newest') as ProductsSort;
  if (perPage === undefined || !statusTabs.includes(status) || !sortOptions.includes(sort)) {
    throw pageNotFound(path);
  }
  return { page, perPage, status, search: single('q') ?? '', sort };
}

/** The view's query string, defaults left out ("" for the first page of everything). */
export function productsViewSearch(view: ProductsView): string {
  const params = new URLSearchParams();
  if (view.status !== 'all') params.set('status', view.status);
  if (view.search) params.set('q', view.search);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.perPage !== defaultPerPage) params.set('perPage', String(view.perPage));
  if (view.page > 1) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const orderOf: Record<ProductsSort, NonNullable<LiveQuery['orderBy']>> = {
  newest: [{ field: 'createdAt', direction: 'desc' }],
  oldest: [{ field: 'createdAt', direction: 'asc' }],
  name: [{ field: 'name', direction: 'asc' }],
  'name-desc': [{ field: 'name', direction: 'desc' }],
  sku: [{ field: 'sku', direction: 'asc' }],
};

/**
 * The live `products` query of one page. One product more than the page holds is read: with a
 * search the statistics cannot say how many match, and the extra one says whether a next page
 * exists. A page opened directly skips the ones before it (offset).
 */
export function productsPageQuery(workspaceId: string, view: ProductsView): LiveQuery {
  const where: NonNullable<LiveQuery['where']> = [];
  if (view.status !== 'all') where.push({ field: 'status', op: '==', value: view.status });
  const words = view.search.trim();
  if (words) where.push({ field: 'search', op: 'contains', value: words });
  return {
    collection: 'products',
    workspaceId,
    ...(where.length > 0 ? { where } : {}),
    orderBy: orderOf[view.sort],
    limit: view.perPage + 1,
    ...(view.page > 1 ? { offset: (view.page - 1) * view.perPage } : {}),
  };
}

/** How many products a status tab holds, from the statistics document (product-spec.md §9). */
export function productsInTab(
  counts: Statistics['products'] | undefined,
  status: StatusTab,
): number | undefined {
  return counts?.[status];
}
