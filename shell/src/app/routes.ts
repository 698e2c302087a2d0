import type { ComponentType } from 'react';
import type { ColorMode } from 'shared-ui';
import { dashboardPaths, type RemoteName } from 'shared-sdk';
import { shellPages } from './shell-pages';

// product-spec.md §2 layouts; `null` is "no layout" (the signup page).
export type LayoutName =
  'auth' | 'dashboard' | 'dashboard-with-sidemenu' | 'default' | 'error' | 'minimal';

export interface RemotePageRef {
  remote: RemoteName;
  /** The remote's expose, e.g. "./pricing-page". */
  module: string;
  /**
   * One page over several paths (chat takeover's split view): it stays mounted when the path
   * changes, keeping its list, scroll position and focus. Other pages start afresh on each path.
   */
  spansPaths?: boolean;
}

export type SideMenu = 'settings' | 'my-account';

export interface RouteDefinition {
  /** product-spec.md §2 route name (Nuxt style: path segments joined by "-", params by name). */
  name: string;
  /** react-router path. */
  path: string;
  layout: LayoutName | null;
  /** A remote's page, or one of the shell's own (auth pages, dashboard home, help). */
  page: RemotePageRef | { shell: ComponentType };
  /** For the dashboard-with-sidemenu layout: which menu it shows. */
  sideMenu?: SideMenu;
  /** A route may force a colour mode (product-spec.md §1) without changing the stored preference. */
  colorMode?: ColorMode;
}

const marketing = (module: string): RemotePageRef => ({ remote: 'mfe-marketing', module });

// product-spec.md §2: public pages, English only, default locale without a URL prefix.
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

const settings = (module: string): RemotePageRef => ({ remote: 'mfe-settings', module });
const tickets = (module: string): RemotePageRef => ({ remote: 'mfe-tickets', module });
const chat = (module: string): RemotePageRef => ({ remote: 'mfe-chat', module });
// product-spec.md §2: the list and the open conversation are one split view.
const chatTakeover: RemotePageRef = { ...chat('./chat-takeover-page'), spansPaths: true };
const training = (module: string): RemotePageRef => ({ remote: 'mfe-training', module });
const products = (module: string): RemotePageRef => ({ remote: 'mfe-products', module });

// product-spec.md §2: auth pages.
export const authRoutes: RouteDefinition[] = [
  { name: 'login', path: '/login', layout: 'auth', page: { shell: shellPages.LoginPage } },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    layout: 'auth',
    page: { shell: shellPages.ForgotPasswordPage },
  },
  { name: 'signup', path: '/signup', layout: null, page: { shell: shellPages.SignupPage } },
];

// product-spec.md §2: the dashboard. Areas whose remotes are not built yet join this table with them.
/** A dashboard route's name and its path, as shared-sdk writes it for the remotes' links too. */
const dashboardRoute = (name: keyof typeof dashboardPaths) => ({
  name,
  path: dashboardPaths[name].path,
});

export const dashboardRoutes: RouteDefinition[] = [
  {
    ...dashboardRoute('dashboard'),
    layout: 'dashboard',
    page: { shell: shellPages.DashboardHomePage },
  },
  {
    ...dashboardRoute('dashboard-help'),
    layout: 'dashboard',
    page: { shell: shellPages.HelpPage },
  },
  {
    ...dashboardRoute('dashboard-my-account'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'my-account',
    page: settings('./my-account-page'),
  },
  {
    ...dashboardRoute('dashboard-my-account-change-password'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'my-account',
    page: settings('./change-password-page'),
  },
  {
    ...dashboardRoute('dashboard-my-account-language'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'my-account',
    page: settings('./language-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId'),
    layout: 'dashboard',
    page: { shell: shellPages.WorkspaceHomePage },
  },
  {
    ...dashboardRoute('dashboard-workspaceId-tickets'),
    layout: 'dashboard',
    page: tickets('./tickets-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-tickets-ticketId'),
    layout: 'dashboard',
    page: tickets('./ticket-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-chat-takeover'),
    layout: 'dashboard',
    page: chatTakeover,
  },
  {
    ...dashboardRoute('dashboard-workspaceId-chat-takeover-conversationId'),
    layout: 'dashboard',
    page: chatTakeover,
  },
  // Issue 44: search from the header, and the Customers page.
  {
    ...dashboardRoute('dashboard-workspaceId-search'),
    layout: 'dashboard',
    page: chat('./search-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-customers'),
    layout: 'dashboard',
    page: chat('./customers-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-customers-customerId'),
    layout: 'dashboard',
    page: chat('./customer-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-reports'),
    layout: 'dashboard',
    page: chat('./reports-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-ai-training'),
    layout: 'dashboard',
    page: training('./ai-training-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-integrations'),
    layout: 'dashboard',
    page: settings('./integrations-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-products'),
    layout: 'dashboard',
    page: products('./products-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./workspace-settings-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-billing'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./billing-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-customize'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./customize-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-canned-responses'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./canned-responses-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-email'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./email-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-manage-users'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./manage-users-page'),
  },
  {
    ...dashboardRoute('dashboard-workspaceId-settings-manage-users-workspaceUserId'),
    layout: 'dashboard-with-sidemenu',
    sideMenu: 'settings',
    page: settings('./workspace-user-page'),
  },
];

export const routes: RouteDefinition[] = [...publicRoutes, ...authRoutes, ...dashboardRoutes];

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
