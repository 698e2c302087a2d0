import { use } from 'react';
import type { Middleware } from '@reduxjs/toolkit';
import type { LiveQuery } from 'shared-sdk';
import type * as LiveModule from 'shared-sdk/live';
import { useAppStore } from './hooks';
import { liveSetup } from './live-setup';
import { signedOut, type AppStore } from './store';

type Live = typeof LiveModule;

const loads = new WeakMap<AppStore, Promise<Live>>();
let clientConfigured = false;

function configureClient(live: Live) {
  const setup = liveSetup();
  // Tests configure the live client themselves.
  if (!setup || clientConfigured) return;
  clientConfigured = true;
  live.configureLiveClient({
    url: live.liveSocketUrl(setup.apiBaseUrl, window.location.href),
    getToken: setup.getToken,
  });
  setup.session.subscribe(() => {
    const { status } = setup.session.getState();
    if (status === 'signed-in') void live.liveClient().reauthenticate();
    else if (status === 'signed-out') live.liveClient().close();
  });
}

/** product-spec.md §4: signing out ends every live subscription at once, not after the idle delay. */
const endLiveOnSignOut =
  (live: Live): Middleware =>
  () =>
  (next) =>
  (action) => {
    if (signedOut.match(action)) live.liveClient().close();
    return next(action);
  };

let imported: Live | undefined;

/** Loads the `shared-sdk/live` chunk (the live client and its hook); loadLive then needs no wait. */
export function importLive(): Promise<Live> {
  return import('shared-sdk/live').then((live) => (imported = live));
}

function install(store: AppStore, live: Live): Live {
  configureClient(live);
  store.addMiddleware(endLiveOnSignOut(live));
  return live;
}

/**
 * Loads live queries for the store's page, once: the `shared-sdk/live` chunk (the live client
 * and its hook), the client's connection and the middleware that ends it on sign-out.
 */
export function loadLive(store: AppStore): Promise<Live> {
  let load = loads.get(store);
  if (!load) {
    load = importLive().then((live) => install(store, live));
    loads.set(store, load);
  }
  return load;
}

/**
 * loadLive for a store being made, before anything subscribes to it: with the chunk already
 * loaded (importLive) live queries join it at once, and loadLive's promise says so to React's
 * `use` (status 'fulfilled'), so a page reading live data does not suspend.
 */
export function withLive(store: AppStore): AppStore {
  if (imported && !loads.has(store)) {
    const live = install(store, imported);
    loads.set(store, Object.assign(Promise.resolve(live), { status: 'fulfilled', value: live }));
  }
  void loadLive(store);
  return store;
}

/**
 * `useLiveDocs` of shared-sdk/live, the hook the remotes' pages use, for the shell's own pages,
 * which load the live chunk on demand: suspends while it loads (wrap the reader in <Suspense>),
 * then streams the query's documents.
 */
export function useLiveDocs<T>(query: LiveQuery): LiveModule.LiveDocs<T> {
  const live = use(loadLive(useAppStore()));
  return live.useLiveDocs<T>(query);
}
