import { createApiClient, retryableStatuses } from './api-client';
import { ApiError } from './errors';
import { progressMediaType } from './progress';

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

describe('API client (product-spec.md §7 retry rules)', () => {
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

  it('reports method, URL, status and the server error (product-spec.md §8)', async () => {
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

describe('API client: a write that reports its progress', () => {
  /** An answer streamed in chunks that split lines where the network may. */
  const streamed = (text: string, status = 201) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (let at = 0; at < text.length; at += 7) {
            controller.enqueue(new TextEncoder().encode(text.slice(at, at + 7)));
          }
          controller.close();
        },
      }),
      { status, headers: { 'content-type': progressMediaType } },
    );
  const lines = (...values: object[]) =>
    values.map((value) => `${JSON.stringify(value)}\n`).join('');
  const clientAnswering = (response: Response) => {
    const fetch = jest.fn(async () => response);
    return {
      fetch,
      client: createApiClient({ baseUrl: '', fetch: fetch as unknown as typeof globalThis.fetch }),
    };
  };

  it('asks for progress, hears each step, and resolves with the result', async () => {
    const { client, fetch } = clientAnswering(
      streamed(
        lines(
          { type: 'progress', done: 0, total: 3 },
          { type: 'progress', done: 3, total: 3 },
          { type: 'result', result: { created: 3 } },
        ),
      ),
    );
    const heard: object[] = [];
    await expect(
      client.requestWithProgress('POST', '/api/write', { rows: 3 }, (step) => heard.push(step)),
    ).resolves.toEqual({ created: 3 });
    expect(heard).toEqual([
      { done: 0, total: 3 },
      { done: 3, total: 3 },
    ]);
    expect(fetch.mock.calls[0]).toEqual([
      '/api/write',
      expect.objectContaining({ headers: expect.objectContaining({ accept: progressMediaType }) }),
    ]);
  });

  it('throws the error line as the ApiError its status would have been', async () => {
    const { client } = clientAnswering(
      streamed(
        lines(
          { type: 'progress', done: 0, total: 3 },
          { type: 'error', status: 500, error: { code: 'internal', message: 'Internal error' } },
        ),
      ),
    );
    await expect(
      client.requestWithProgress('POST', '/api/write', {}, () => undefined),
    ).rejects.toMatchObject({ status: 500, code: 'internal', serverMessage: 'Internal error' });
  });

  it('throws when the answer stops before its outcome, and reads a refusal as any error', async () => {
    const cut = clientAnswering(streamed(lines({ type: 'progress', done: 0, total: 3 })));
    await expect(
      cut.client.requestWithProgress('POST', '/api/write', {}, () => undefined),
    ).rejects.toMatchObject({ code: 'unavailable' });

    const refused = clientAnswering(
      new Response(
        JSON.stringify({ error: { code: 'permission-denied', message: 'Admins only' } }),
        {
          status: 403,
        },
      ),
    );
    await expect(
      refused.client.requestWithProgress('POST', '/api/write', {}, () => undefined),
    ).rejects.toMatchObject({ status: 403, code: 'permission-denied' });
  });
});
