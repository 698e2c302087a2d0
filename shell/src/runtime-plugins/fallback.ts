import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteFailureKey, type RemoteFailure } from './remote-failure';

// Once the retry plugin has given up, a remote that cannot load resolves to a failure marker
// instead of rejecting, so the page shows a fallback inside its layout and the rest of the
// product keeps working.
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parley-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      // Only whole-module loads fall back; earlier lifecycles expect a manifest, not a module.
      if (lifecycle !== 'onLoad') return undefined;
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`Remote ${id} is unavailable: ${message}`);
      const failure: RemoteFailure = { [remoteFailureKey]: { id, message } };
      return failure;
    },
  };
}
