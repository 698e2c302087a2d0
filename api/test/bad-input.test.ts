import { seedTeams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';

// Every route that takes a JSON body (from /api/docs/json), sent what no form would send. Each
// answer is a 4xx in the product-spec.md §8 shape, and the server keeps serving.

const megabyteText = 'x'.repeat(1024 * 1024);
const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

/** Raw bodies: sent as they are, with a JSON content type. */
const rawBodies: Record<string, string> = {
  'malformed JSON': '{"workspaceId": ',
  'a JSON string': '"text"',
  'a JSON number': '42',
  'a JSON array': '[1, 2, 3]',
  'JSON null': 'null',
  'prototype keys': '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
  'a body over the size limit': JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) }),
};

/** Bodies of the right shape with wrong values in every field a route might have. */
const fieldValues: Record<string, unknown> = {
  'wrong types': 12,
  'a 1 MB string': megabyteText,
  'U+0000': 'a\u0000b',
  'an unpaired surrogate': 'a\ud800b',
  'deep nesting': nested(2000),
};
const commonFields = [
  'workspaceId',
  'email',
  'password',
  'content',
  'subject',
  'question',
  'answer',
  'ticketId',
  'conversationId',
  'workspaceName',
  'firstName',
  'refreshToken',
  'token',
  'code',
];

describe('bad input on every JSON route', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const routes: string[] = [];

  beforeAll(async () => {
    // The general rate limit raised: every attempt should reach validation, not the limiter.
    app = await buildTestApp({ rateLimit: { perMinute: 100_000, submissionsPerMinute: 100_000 } });
    const { team } = await seedTeams(app);
    headers = bearer(team.admin.auth);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.requestBody) routes.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('answers each with a 4xx in the error shape and stays up', async () => {
    expect(routes.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    let attempts = 0;
    const check = async (route: string, label: string, payload: string) => {
      const [method, url] = route.split(' ') as ['POST', string];
      attempts += 1;
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      const body = (() => {
        try {
          return response.json() as { error?: { code?: unknown; message?: unknown } };
        } catch {
          return {};
        }
      })();
      const shaped =
        typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
      if (response.statusCode < 400 || response.statusCode >= 500 || !shaped) {
        wrong.push(`${route} with ${label}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    };

    for (const route of routes) {
      for (const [label, payload] of Object.entries(rawBodies)) await check(route, label, payload);
      for (const [label, value] of Object.entries(fieldValues)) {
        const payload = Object.fromEntries(commonFields.map((field) => [field, value]));
        await check(route, label, JSON.stringify(payload));
      }
    }

    expect(wrong).toEqual([]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    console.info(`bad input: ${attempts} attempts, ${attempts - wrong.length} defended`);
    // Some 400 requests, several of them megabytes: seconds on a busy machine.
  }, 60_000);
});
