import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('reports ok with the database kind and latency', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 'ok',
      database: { kind: 'pglite', ok: true, latencyMs: expect.any(Number) },
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 unavailable when the database does not answer', async () => {
    await app.db.destroy();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'unavailable', message: 'The database is unavailable' },
    });
  });
});
