import type { ColorMode } from 'shared-ui';
import type { RemoteName } from 'shared-sdk';

export type LayoutName = 'default' | 'minimal' | 'error';

export interface RemotePageRef {
  remote: RemoteName;
  /** The remote's expose, e.g. "./pricing-page". */
  module: string;
}

export interface RouteDefinition {
  /** spec §2 route name (Nuxt style: path segments joined by "-", params by name). */
  name: string;
  /** react-router path. */
  path: string;
  layout: LayoutName;
  page: RemotePageRef;
  /** A route may force a colour mode (spec §1) without changing the stored preference. */
  colorMode?: ColorMode;
}

const marketing = (module: string): RemotePageRef => ({ remote: 'mfe-marketing', module });

// spec §2: public pages, English only, default locale without a URL prefix.
export const publicRoutes: RouteDefinition[] = [
  { name: 'index', path: '/', layout: 'default', page: marketing('./home-page') },
  { name: 'about-us', path: '/about-us', layout: 'default', page: marketing('./about-us-page') },
  { name: 'benefits', path: '/benefits', layout: 'default', page: marketing('./benefits-page') },
  { name: 'compare', path: '/compare', layout: 'default', page: marketing('./compare-page') },
  {
    name: 'contact-us',
    path: '/contact-us',
    layout: 'default',
    page: marketing('./contact-us-page'),
  },
  {
    name: 'customer-service',
    path: '/customer-service',
    layout: 'default',
    page: marketing('./customer-service-page'),
  },
  {
    name: 'customer-support',
    path: '/customer-support',
    layout: 'default',
    page: marketing('./customer-support-page'),
  },
  { name: 'customers', path: '/customers', layout: 'default', page: marketing('./customers-page') },
  {
    name: 'get-a-demo',
    path: '/get-a-demo',
    layout: 'default',
    page: marketing('./get-a-demo-page'),
  },
  {
    name: 'help-center',
    path: '/help-center',
    layout: 'minimal',
    page: marketing('./help-center-page'),
  },
  {
    name: 'integrations',
    path: '/integrations',
    layout: 'default',
    page: marketing('./integrations-page'),
  },
  { name: 'marketing', path: '/marketing', layout: 'default', page: marketing('./marketing-page') },
  {
    name: 'news-slug',
    path: '/news/:slug',
    layout: 'default',
    page: marketing('./news-article-page'),
  },
  { name: 'pricing', path: '/pricing', layout: 'default', page: marketing('./pricing-page') },
  { name: 'product', path: '/product', layout: 'default', page: marketing('./product-page') },
  { name: 'resources', path: '/resources', layout: 'default', page: marketing('./resources-page') },
  { name: 'sales', path: '/sales', layout: 'default', page: marketing('./sales-page') },
  { name: 'solutions', path: '/solutions', layout: 'default', page: marketing('./solutions-page') },
];

export const routes: RouteDefinition[] = [...publicRoutes];

export function routeByName(name: string): RouteDefinition {
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  return route;
}

/** The href of a named route, with its params filled in. */
export function getHref(name: string, params: Record<string, string> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs the param ${key}`);
    return encodeURIComponent(value);
  });
}
