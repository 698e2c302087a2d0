import type { ComponentType } from 'react';
import type { RouteDefinition } from '../../app/routes';
import { remoteFailureKey } from '../../runtime-plugins/remote-failure';
import { preloadedPage } from './preloaded-pages';
import { preparePrerenderedHydration } from './prerendered-hydration';

jest.mock('./remote-loader', () => ({ loadRemotePage: jest.fn(), manifestUrlOf: jest.fn() }));

const pricing = { remote: 'mfe-marketing' as const, module: './pricing-page' };
const routes: RouteDefinition[] = [
  { name: 'pricing', path: '/pricing', layout: 'default', page: pricing },
  { name: 'login', path: '/login', layout: 'auth', page: { shell: () => null } },
];
const Pricing: ComponentType = () => null;

function rootOf(renderedFrom?: string) {
  const container = document.createElement('div');
  if (renderedFrom !== undefined) container.dataset.prerendered = renderedFrom;
  return container;
}

const prepare = (overrides: Partial<Parameters<typeof preparePrerenderedHydration>[0]> = {}) =>
  preparePrerenderedHydration({
    container: rootOf('build-1'),
    pathname: '/pricing',
    signedOut: true,
    routes,
    load: jest.fn(async () => Pricing),
    buildOf: () => 'build-1',
    ...overrides,
  });

describe('hydrating a prerendered page', () => {
  it('hydrates a signed-out visit with the page module of the build it was rendered from', async () => {
    expect(await prepare()).toBe(true);
    expect(preloadedPage(pricing)).toBe(Pricing);
  });

  it('renders afresh a page that was not prerendered, or a signed-in visit', async () => {
    expect(await prepare({ container: rootOf() })).toBe(false);
    expect(await prepare({ signedOut: false })).toBe(false);
    expect(await prepare({ pathname: '/login' })).toBe(false);
    expect(await prepare({ pathname: '/nope' })).toBe(false);
  });

  it('renders afresh when the remote is another build, failed or threw', async () => {
    expect(await prepare({ buildOf: () => 'build-2' })).toBe(false);
    expect(await prepare({ buildOf: () => undefined })).toBe(false);
    const failure = { [remoteFailureKey]: { id: 'mfe_marketing/pricing-page', message: 'down' } };
    expect(await prepare({ load: jest.fn(async () => failure) })).toBe(false);
    expect(await prepare({ load: jest.fn(async () => Promise.reject(new Error('offline'))) })).toBe(
      false,
    );
  });

  it('records a remote that failed, so the page shows its fallback without trying again', async () => {
    expect(await prepare({ load: jest.fn(async () => Promise.reject(new Error('down'))) })).toBe(
      false,
    );
    expect(preloadedPage(pricing)).toBe('failed');
  });
});
