import type { ComponentType } from 'react';
import type { RemotePageRef } from '../../app/routes';

// Pages whose module is already at hand when the app first renders: a prerendered page's own
// (loaded before hydrating, so the first render matches the HTML) and, at build time, every
// page the prerender step renders. Or the page's remote already failed to load before the
// first render: the page shows its fallback at once instead of trying it all again.
const preloaded = new Map<string, ComponentType | 'failed'>();

const idOf = (page: Pick<RemotePageRef, 'remote' | 'module'>) => `${page.remote}/${page.module}`;

export function preloadPage(page: Pick<RemotePageRef, 'remote' | 'module'>, Page: ComponentType) {
  preloaded.set(idOf(page), Page);
}

export function preloadFailure(page: Pick<RemotePageRef, 'remote' | 'module'>) {
  preloaded.set(idOf(page), 'failed');
}

export function preloadedPage(page: RemotePageRef): ComponentType | 'failed' | undefined {
  return preloaded.get(idOf(page));
}

/** A failure is shown once: the next visit to the page tries its remote again. */
export function forgetFailure(page: RemotePageRef) {
  if (preloaded.get(idOf(page)) === 'failed') preloaded.delete(idOf(page));
}
