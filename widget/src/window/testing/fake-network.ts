// Tests only: the API, played by the test (the live socket: @testing/fake-web-socket).

export interface SentRequest {
  method: string;
  /** Path and query. */
  url: string;
  authorization: string | null;
  /** JSON parsed; a FormData as it is. */
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
}

export const errorReply = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

/** A fetch answering each request with `handler` (by default 404), keeping every request. */
export function fakeFetch(handler: (request: SentRequest) => Reply | Promise<Reply>) {
  const requests: SentRequest[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      authorization: headers.authorization ?? null,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const reply = await handler(request);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    // jsdom has no Response: the API client reads only these members.
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: `Status ${reply.status}`,
      text: async () => text,
      blob: async () => new Blob([text]),
    } as Response;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}
