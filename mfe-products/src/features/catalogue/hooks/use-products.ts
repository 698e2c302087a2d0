import type { Statistics, Workspace } from 'shared-sdk';
import { useLiveDocs } from 'shared-sdk/live';
import type { Product } from 'shared-sdk/schemas';
import { productsPageQuery, type ProductsView } from '../utils/products-view';

/**
 * One page of the workspace's products, live; the totals per status (statistics) and the
 * workspace's currency. `hasNext` comes from the one product read past the page.
 */
export function useProducts(workspaceId: string, view: ProductsView) {
  const list = useLiveDocs<Product>(productsPageQuery(workspaceId, view));
  const statistics = useLiveDocs<Statistics>({ collection: 'statistics', workspaceId });
  const workspaces = useLiveDocs<Workspace>({ collection: 'workspaces', workspaceId });
  return {
    list,
    products: list.docs.slice(0, view.perPage),
    hasNext: list.docs.length > view.perPage,
    counts: statistics.docs.find((doc) => doc.id === workspaceId)?.products,
    countsFailed: statistics.status === 'error',
    retryCounts: statistics.retry,
    currency: workspaces.docs.find((doc) => doc.id === workspaceId)?.currency ?? 'USD',
  };
}
