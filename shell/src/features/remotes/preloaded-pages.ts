import type { ComponentType } from 'react';
import type { RemotePageRef } from '../../app/routes';

// Pages whose module is already at hand when the app first renders: a prerendered page's own
// (loaded before hydrating, so the first render matches the HTML) and, at build time, every
// page the prerender step renders.
const preloaded = new Map<string, ComponentType>();

const idOf = (page: Pick<RemotePageRef, 'remote' | 'module'>) => `${page.remote}/${page.module}`;

export function preloadPage(page: Pick<RemotePageRef, 'remote' | 'module'>, Page: ComponentType) {
  preloaded.set(idOf(page), Page);
}

export function preloadedPage(page: RemotePageRef): ComponentType | undefined {
  return preloaded.get(idOf(page));
}
