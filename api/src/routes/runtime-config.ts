import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remoteNames, siteEndpoints } from 'shared-sdk';
import { runtimeConfigSchema } from 'shared-sdk/schemas';
import type { RemoteName, RuntimeConfig } from 'shared-sdk';
import { firebaseRuntimeConfig } from '../auth/firebase-browser-config';
import type { FirebaseConfig } from '../config';
import { endpointRoute } from '../http/endpoint-route';

/**
 * Where each remote's mf-manifest.json lives: on this server unless REMOTE_<NAME>_URL moves it.
 * The shell reads this at run time, so redeploying or moving a remote needs no shell build.
 */
export function buildRuntimeConfig(
  overrides: Record<RemoteName, string>,
  firebase: FirebaseConfig | null = null,
): RuntimeConfig {
  const remotes = Object.fromEntries(
    remoteNames.map((name) => [name, overrides[name] ?? `/remotes/${name}/mf-manifest.json`]),
  );
  // The API is served from the same origin as the shell, so its base URL is relative.
  return runtimeConfigSchema.parse({
    apiBaseUrl: '',
    remotes,
    ...(firebase ? { firebase: firebaseRuntimeConfig(firebase) } : {}),
  });
}

export const runtimeConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const runtimeConfig = buildRuntimeConfig(app.config.remoteManifestOverrides, app.config.firebase);

  app.route({
    ...endpointRoute(siteEndpoints.runtimeConfig, {
      tags: ['system'],
      summary: 'API base URL, remote manifest URLs and the sign-in provider for the shell',
      errors: {},
    }),
    handler: async (_request, reply) => {
      // Must reflect a configuration change on the next page load.
      reply.header('cache-control', 'no-cache');
      return runtimeConfig;
    },
  });
};
