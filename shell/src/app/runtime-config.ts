import { remoteNames, type RuntimeConfig } from 'shared-sdk';

// Where remotes live is the server's answer, never the build's. If the server cannot say,
// remotes are looked for beside the shell, which is how `npm start` serves them.
const sameOriginConfig: RuntimeConfig = {
  apiBaseUrl: '',
  remotes: Object.fromEntries(
    remoteNames.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ),
};

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/api/runtime-config', {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return sameOriginConfig;
    // Our own server built this from its validated configuration.
    return (await response.json()) as RuntimeConfig;
  } catch {
    return sameOriginConfig;
  }
}
