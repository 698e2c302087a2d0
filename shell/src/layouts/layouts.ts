import { lazy, type ComponentType } from 'react';
import type { LayoutName } from '../app/routes';
import { DefaultLayout } from './default-layout';
import { ErrorLayout } from './error-layout';
import { MinimalLayout } from './minimal-layout';

import type { LayoutProps } from './layout-props';

// The signed-in layouts load on demand, so the public site does not pay for them.
const AuthLayout = lazy(() =>
  import('./auth-layout').then((module) => ({ default: module.AuthLayout })),
);
const DashboardLayout = lazy(() =>
  import('./dashboard-layout').then((module) => ({ default: module.DashboardLayout })),
);
const DashboardWithSideMenuLayout = lazy(() =>
  import('./dashboard-with-sidemenu-layout').then((module) => ({
    default: module.DashboardWithSideMenuLayout,
  })),
);

const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  auth: AuthLayout,
  dashboard: DashboardLayout,
  'dashboard-with-sidemenu': DashboardWithSideMenuLayout,
  default: DefaultLayout,
  minimal: MinimalLayout,
  error: ErrorLayout,
};

// spec §8: an unknown layout raises an error.
export function getLayout(name: string): ComponentType<LayoutProps> {
  const layout = layouts[name as LayoutName];
  if (!layout) throw new Error(`Unknown layout: ${name}`);
  return layout;
}
