import { errorBodySchema } from 'shared-sdk/schemas';
import { buildContactRequest } from './fixtures/contact-request';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

describe('error responses (product-spec.md §8)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        // A route that fails the way a bug would, with internals in its message.
        beforeReady: (unready) =>
          unready.get('/api/test-failure', async () => {
            throw new Error('connect ECONNREFUSED 10.0.0.7:5432 (secret internals)');
          }),
      },
    );
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('answers 400 invalid-argument naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/marketing/contact',
      payload: buildContactRequest({ email: 'not-an-email' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid-argument',
        message: 'body.email: Please enter a valid e-mail address',
      },
    });
  });

  it('answers 400 invalid-argument for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/marketing/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
  });

  it('answers 404 not-found as JSON for an unknown /api path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'not-found', message: 'Route GET /api/nope not found' },
    });
  });

  it('answers 500 internal without leaking the error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect(response.body).not.toMatch(/ECONNREFUSED|secret|at .*\.ts/);
  });

  it('answers 429 resource-exhausted once the submission limit is reached', async () => {
    const limit = testConfig().rateLimit.submissionsPerMinute;
    const address = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < limit; i++) {
      const accepted = await app.inject({
        method: 'POST',
        url: '/api/marketing/contact',
        payload: buildContactRequest(),
        ...address,
      });
      expect(accepted.statusCode).toBe(201);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/marketing/contact',
      payload: buildContactRequest(),
      ...address,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const body = errorBodySchema.parse(refused.json());
    expect(body.error.code).toBe('resource-exhausted');
    expect(body.error.message).toMatch(/rate limit/i);

    // Another client address still gets through.
    const other = await app.inject({
      method: 'POST',
      url: '/api/marketing/contact',
      payload: buildContactRequest(),
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(201);
  });
});
