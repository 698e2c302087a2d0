// What the fallback plugin hands back instead of a remote module. The runtime plugin cannot
// import React (it runs before shared modules are negotiated), so it returns this marker and
// the shell's RemotePage renders the "area unavailable" view for it.
export const remoteFailureKey = '__parleyRemoteFailure';

export interface RemoteFailure {
  [remoteFailureKey]: { id: string; message: string };
}

export function isRemoteFailure(module: unknown): module is RemoteFailure {
  return typeof module === 'object' && module !== null && remoteFailureKey in module;
}
