import { gunzipSync } from 'node:zlib';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { colorModeScriptHash } from '../src/plugins/external/helmet';

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers, docs and compression', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('sends a CSP that Module Federation and styled-components work under', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(response.headers['content-security-policy'])).toEqual({
      'default-src': "'self'",
      // The one inline script: the colour mode set before first paint, allowed by its hash.
      'script-src': `'self' ${colorModeScriptHash}`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'connect-src': "'self' ws: wss:",
      'font-src': "'self' data:",
      'frame-ancestors': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves Swagger UI at /api/docs under the same CSP, and the OpenAPI document', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Swagger UI loads only same-origin scripts, which script-src 'self' allows.
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/runtime-config',
        '/api/marketing/contact',
        '/api/marketing/demo-requests',
        '/api/news',
        '/api/news/{slug}',
      ]),
    );
  });

  it('compresses answers for clients that accept gzip', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/news',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body.articles.length).toBeGreaterThan(0);
  });
});
