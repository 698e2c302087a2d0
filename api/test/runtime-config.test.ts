import { remoteNames } from 'shared-sdk';
import { runtimeConfigSchema } from 'shared-sdk/schemas';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import { loadConfig } from '../src/config';
import { colorModeScriptHash } from '../src/plugins/external/helmet';

describe('GET /api/runtime-config', () => {
  it(
    'points every remote at this server by default, uncached',
    async () => {
      const app = await buildTestApp();
      try {
        const response = await app.inject({ method: 'GET', url: '/api/runtime-config' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        const body = runtimeConfigSchema.parse(response.json());
        expect(body.apiBaseUrl).toBe('');
        expect(Object.keys(body.remotes).sort()).toEqual([...remoteNames].sort());
        expect(body.remotes['mfe-marketing']).toBe('/remotes/mfe-marketing/mf-manifest.json');
        expect(body.remotes['mfe-settings']).toBe('/remotes/mfe-settings/mf-manifest.json');
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );

  it(
    'uses REMOTE_<NAME>_URL when set and allows that origin in the CSP',
    async () => {
      const override = 'https://tickets.cdn.example.com/v42/mf-manifest.json';
      const { remoteManifestOverrides } = loadConfig({ REMOTE_MFE_TICKETS_URL: override });
      const app = await buildTestApp({ ...testConfig(), remoteManifestOverrides });
      try {
        const response = await app.inject({ method: 'GET', url: '/api/runtime-config' });
        const body = runtimeConfigSchema.parse(response.json());
        expect(body.remotes['mfe-tickets']).toBe(override);
        expect(body.remotes['mfe-chat']).toBe('/remotes/mfe-chat/mf-manifest.json');

        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain(
          `script-src 'self' ${colorModeScriptHash} https://tickets.cdn.example.com;`,
        );
        expect(csp).toMatch(
          /connect-src 'self' ws: wss: https:\/\/tickets\.cdn\.example\.com(;|$)/,
        );
      } finally {
        await app.close();
      }
    },
    appStartTimeoutMs,
  );
});
