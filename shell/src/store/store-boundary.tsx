import { useState, type ReactNode } from 'react';
import { lazyComponent } from '../app/lazy-component';
import type { LayoutName } from '../app/routes';

// With live queries, which every page in it reads: the provider is ready once the live-queries
// chunk has arrived too (asked for as soon as the provider's own has), so the store is made with
// them in it.
export const StoreProvider = lazyComponent<{ children: ReactNode }>(() =>
  import('./store-provider').then(async (module) => {
    await module.importLive();
    return module.StoreProvider;
  }),
);

/** The layouts of the signed-in dashboard: their pages (and the remotes' there) use the store. */
export const storeLayouts: ReadonlySet<LayoutName | null | undefined> = new Set<LayoutName>([
  'dashboard',
  'dashboard-with-sidemenu',
]);

/**
 * Redux (the store, its toolkit, react-redux) loads with the first dashboard page, so the public
 * site does not pay for it; from then on the page keeps it, and its tree, across routes.
 */
export function StoreBoundary({ needed, children }: { needed: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(needed);
  if (needed && !used) setUsed(true);
  if (!used && !needed) return children;
  return <StoreProvider>{children}</StoreProvider>;
}
