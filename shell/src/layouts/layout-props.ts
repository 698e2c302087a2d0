import type { ReactNode } from 'react';
import type { SideMenu } from '../app/routes';

/** What every layout takes (its own module: layouts.ts imports the layouts). */
export interface LayoutProps {
  children: ReactNode;
  sideMenu?: SideMenu;
}
