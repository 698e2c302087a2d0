// Tests only: the API and the live socket, played by the test.
import type { LiveClientMessage, LiveServerMessage } from 'shared-sdk/live';

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

export interface FakeSocket {
  url: string;
  readyState: number;
  sent: LiveClientMessage[];
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
  /** The server accepts the connection. */
  open(): void;
  receive(message: LiveServerMessage): void;
  /** The connection is lost. */
  drop(): void;
}

/** A WebSocket class whose sockets the test answers as the server would. */
export function fakeWebSockets() {
  const sockets: FakeSocket[] = [];
  class FakeWebSocket implements FakeSocket {
    readyState = 0;
    sent: LiveClientMessage[] = [];
    onopen: FakeSocket['onopen'] = null;
    onmessage: FakeSocket['onmessage'] = null;
    onclose: FakeSocket['onclose'] = null;
    onerror: FakeSocket['onerror'] = null;
    constructor(public url: string) {
      sockets.push(this);
    }
    send(data: string) {
      if (this.readyState !== 1) throw new Error('send() on a socket that is not open');
      this.sent.push(JSON.parse(data) as LiveClientMessage);
    }
    close() {
      this.readyState = 3;
    }
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
    receive(message: LiveServerMessage) {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
    drop() {
      this.readyState = 3;
      this.onclose?.({ code: 1006 });
    }
  }
  return {
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    sockets,
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}
