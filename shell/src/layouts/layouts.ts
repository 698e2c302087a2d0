import type { ComponentType } from 'react';
import { lazyComponent } from '../app/lazy-component';
import type { LayoutName } from '../app/routes';
import { DefaultLayout } from './default-layout';
import { ErrorLayout } from './error-layout';
import { MinimalLayout } from './minimal-layout';

import type { LayoutProps } from './layout-props';

// The signed-in layouts load on demand, so the public site does not pay for them.
const AuthLayout = lazyComponent<LayoutProps>(() =>
  import('./auth-layout').then((module) => module.AuthLayout),
);
const DashboardLayout = lazyComponent<LayoutProps>(() =>
  import('./dashboard-layout').then((module) => module.DashboardLayout),
);
const DashboardWithSideMenuLayout = lazyComponent<LayoutProps>(() =>
  import('./dashboard-with-sidemenu-layout').then((module) => module.DashboardWithSideMenuLayout),
);

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  auth: AuthLayout,
  dashboard: DashboardLayout,
  'dashboard-with-sidemenu': DashboardWithSideMenuLayout,
  default: DefaultLayout,
  minimal: MinimalLayout,
  error: ErrorLayout,
};

// product-spec.md §8: an unknown layout raises an error.
export function getLayout(name: string): ComponentType<LayoutProps> {
  const layout = layouts[name as LayoutName];
  if (!layout) throw new Error(`Unknown layout: ${name}`);
  return layout;
}
