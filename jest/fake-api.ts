import { configureApiClient, progressMediaType } from 'shared-sdk';

export interface FakeRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  /** An answer of a write that reports progress (shared-sdk progress.ts): its lines, in order. */
  lines?: unknown[];
}

/** The members of a streamed answer the client reads: its type, and its body by chunks. */
function streamedBody(lines: unknown[]) {
  const chunks = lines.map((line) => new TextEncoder().encode(`${JSON.stringify(line)}\n`));
  return {
    headers: { get: (name: string) => (name === 'content-type' ? progressMediaType : null) },
    body: {
      getReader: () => ({
        read: async () => {
          const value = chunks.shift();
          return value ? { done: false, value } : { done: true, value: undefined };
        },
      }),
    },
  };
}

export const errorReply = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { error: { code, message } },
});

export const notFoundReply = (request: FakeRequest) =>
  errorReply(404, 'not-found', `No route ${request.method} ${request.url}`);

/**
 * Points the page's one API client at a fake server: `handler` answers each request. Returns the
 * fetch mock and `requests`, every request sent except the session cookie's POST /api/session
 * (answered 204 here: it belongs to signing in, not to the page under test).
 */
export function fakeApi(handler: (request: FakeRequest) => FakeReply | Promise<FakeReply>) {
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      // JSON bodies parsed; an upload's FormData as it is.
      body:
        typeof init?.body === 'string'
          ? JSON.parse(init.body)
          : init?.body instanceof FormData
            ? init.body
            : undefined,
    };
    const isSessionCookie = request.url === '/api/session';
    if (!isSessionCookie) requests.push(request);
    const reply = isSessionCookie ? { status: 204 } : await handler(request);
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    // jsdom has no Response; the client reads only these members.
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      statusText: `Status ${reply.status}`,
      text: async () => text,
      ...(reply.lines ? streamedBody(reply.lines) : { headers: { get: () => null } }),
    } as unknown as Response;
  });
  configureApiClient({ baseUrl: '', fetch: fetchMock });
  return { fetchMock, requests };
}

/** A promise you settle from the test, to look at a page while its request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
