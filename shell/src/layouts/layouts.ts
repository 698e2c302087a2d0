import type { ComponentType, ReactNode } from 'react';
import type { LayoutName, SideMenu } from '../app/routes';
import { AuthLayout } from './auth-layout';
import { DashboardLayout } from './dashboard-layout';
import { DashboardWithSideMenuLayout } from './dashboard-with-sidemenu-layout';
import { DefaultLayout } from './default-layout';
import { ErrorLayout } from './error-layout';
import { MinimalLayout } from './minimal-layout';

export interface LayoutProps {
  children: ReactNode;
  sideMenu?: SideMenu;
}

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
