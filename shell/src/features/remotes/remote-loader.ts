import type { ComponentType } from 'react';
import type { Slice } from '@reduxjs/toolkit';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from 'shared-sdk';
import type { RemotePageRef } from '../../app/routes';
import { isRemoteFailure, type RemoteFailure } from '../../runtime-plugins/remote-failure';

/** What a remote's page module offers: the page, and optionally the slice its state lives in. */
interface PageModule {
  default?: ComponentType;
  slice?: Slice;
}

// Remote name → absolute URL of its mf-manifest.json, as the server told us at run time.
const manifestUrls = new Map<string, string>();

/** Federation names must be identifiers: "mfe-marketing" → "mfe_marketing". */
export const federationName = (remote: string) => remote.replace(/-/g, '_');

export function registerRemoteManifests(remotes: Record<string, string>) {
  for (const [name, url] of Object.entries(remotes)) {
    manifestUrls.set(name, new URL(url, window.location.href).href);
  }
  registerRemotes(
    [...manifestUrls].map(([name, entry]) => ({ name: federationName(name), entry })),
  );
}

/** Where the page reads a remote's manifest (absolute), once the server has said. */
export const manifestUrlOf = (remote: RemoteName) => manifestUrls.get(remote);

/** Forget a remote's cached entry and modules so the next load fetches it afresh. */
export function resetRemote(remote: RemoteName) {
  const entry = manifestUrls.get(remote);
  if (entry) registerRemotes([{ name: federationName(remote), entry }], { force: true });
}

export async function loadRemotePage(page: RemotePageRef): Promise<ComponentType | RemoteFailure> {
  const id = `${federationName(page.remote)}/${page.module.replace(/^\.\//, '')}`;
  const load = () => loadRemote<PageModule | RemoteFailure>(id);
  const first = await load().then(
    (loaded) => (isRemoteFailure(loaded) ? undefined : loaded),
    () => undefined,
  );
  // A page opened hours after its remote was: that build may have been replaced, and the chunks
  // the old manifest names are gone. Read the manifest afresh once before giving up.
  if (!first) resetRemote(page.remote);
  const module = first ?? (await load());
  if (isRemoteFailure(module)) return module;
  if (!module?.default) throw new Error(`${id} has no default export`);
  // A remote's state joins the shell's one store (and is reset with it on sign-out).
  // Loaded here, not imported: the public site's pages come through this too, without Redux.
  if (module.slice) (await import('../../store/store')).rootReducer.inject(module.slice);
  return module.default;
}
