import type { ComponentType, ReactNode } from 'react';
import type { LayoutName } from '../app/routes';
import { DefaultLayout } from './default-layout';
import { ErrorLayout } from './error-layout';
import { MinimalLayout } from './minimal-layout';

const layouts: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  default: DefaultLayout,
  minimal: MinimalLayout,
  error: ErrorLayout,
};

// spec §8: an unknown layout raises an error.
export function getLayout(name: string): ComponentType<{ children: ReactNode }> {
  const layout = layouts[name as LayoutName];
  if (!layout) throw new Error(`Unknown layout: ${name}`);
  return layout;
}
