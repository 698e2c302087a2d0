import { createApiClient, retryableStatuses } from './api-client';
import { ApiError } from './errors';

function fakeFetch(statuses: number[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
    const body =
      status >= 400
        ? { error: { code: status === 503 ? 'unavailable' : 'invalid-argument', message: 'nope' } }
        : { ok: true };
    return new Response(JSON.stringify(body), { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('API client (spec §7 retry rules)', () => {
  it.each([...retryableStatuses])('retries a GET once on %i', async (status) => {
    const { fetch, calls } = fakeFetch([status, 200]);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(client.request('GET', '/api/user')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('retries a GET only once', async () => {
    const { fetch, calls } = fakeFetch([503, 503, 200]);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(client.request('GET', '/api/user')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404])('does not retry a GET on %i', async (status) => {
    const { fetch, calls } = fakeFetch([status, 200]);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(client.request('GET', '/api/user')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it.each(['POST', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    const { fetch, calls } = fakeFetch([503, 200]);
    const client = createApiClient({ baseUrl: 'http://api.test', fetch });
    await expect(client.request(method, '/api/user/tickets', { a: 1 })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(calls).toHaveLength(1);
  });

  it('reports method, URL, status and the server error (spec §8)', async () => {
    const { fetch } = fakeFetch([400]);
    const client = createApiClient({ baseUrl: 'http://api.test/', fetch });
    const error = await client
      .request('POST', '/api/marketing/contact', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/marketing/contact',
      status: 400,
      code: 'invalid-argument',
      serverMessage: 'nope',
    });
    expect((error as Error).message).toBe(
      'POST http://api.test/api/marketing/contact failed with status 400: nope',
    );
  });

  it('sends JSON and the bearer token', async () => {
    const { fetch, calls } = fakeFetch([200]);
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => 'token-1' });
    await client.request('POST', '/api/session', { token: 'x' });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer token-1');
    expect(headers['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"token":"x"}');
  });

  it('turns a network failure into an unavailable error', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: '', fetch });
    await expect(client.request('POST', '/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'unavailable',
    });
  });
});
