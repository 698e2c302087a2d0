import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordLoadedBuild } from '../features/new-build/build-versions';

// Notes the build of every remote manifest the page loads, so the hourly check can tell when
// a remote in use has been deployed again.
export default function buildTrackerPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'parley-build-tracker',
    async afterLoadManifest({ manifestUrl, manifestJson }) {
      if (manifestJson) recordLoadedBuild(manifestUrl, manifestJson);
    },
  };
}
