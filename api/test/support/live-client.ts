import type { AddressInfo } from 'node:net';
import type { LiveClientMessage, LiveDoc, LiveQuery, LiveServerMessage } from 'shared-sdk';
import WebSocket from 'ws';
import type { TestApp } from './build-test-app';

/** How long a test waits for a message it expects before failing. */
const defaultTimeoutMs = 5_000;

type Predicate = (message: LiveServerMessage) => boolean;

interface Waiter {
  predicate: Predicate;
  resolve: (message: LiveServerMessage) => void;
}

/** ws://127.0.0.1:<port>/api/live of an app listening (listenForLive). */
export function liveUrl(app: TestApp): string {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/live`;
}

/** Starts the app's HTTP server on a free local port, for real WebSocket clients. */
export async function listenForLive(app: TestApp): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * A real WebSocket client of /api/live for tests. Messages are kept in arrival order; `next`
 * takes the first one not yet taken that matches (waiting for it if needed, never sleeping),
 * and leaves the others for later, so `untaken` shows anything that was not expected.
 */
export class LiveTestClient {
  private readonly received: LiveServerMessage[] = [];
  private readonly taken = new Set<LiveServerMessage>();
  private waiters: Waiter[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveServerMessage;
      this.received.push(message);
      const waiter = this.waiters.find((candidate) => candidate.predicate(message));
      if (waiter) {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        this.taken.add(message);
        waiter.resolve(message);
      }
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** `search`: the query string of the upgrade request (e.g. '?as=visitor'). */
  static async connect(
    app: TestApp,
    headers: Record<string, string> = {},
    search = '',
  ): Promise<LiveTestClient> {
    const socket = new WebSocket(`${liveUrl(app)}${search}`, { headers });
    const client = new LiveTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Connects and signs in with `token`; resolves on `ready`. */
  static async signedIn(app: TestApp, token: string): Promise<LiveTestClient> {
    const client = await LiveTestClient.connect(app);
    await client.auth(token);
    return client;
  }

  send(message: LiveClientMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async auth(token: string): Promise<Extract<LiveServerMessage, { type: 'ready' }>> {
    this.send({ type: 'auth', token });
    const reply = await this.next((m) => m.type === 'ready' || (m.type === 'error' && !m.id));
    if (reply.type !== 'ready') throw new Error(`auth answered ${JSON.stringify(reply)}`);
    return reply;
  }

  /** Subscribes; resolves with the snapshot's documents (fails the test on an error). */
  async subscribe(id: string, query: LiveQuery): Promise<LiveDoc[]> {
    this.send({ type: 'subscribe', id, query });
    const reply = await this.nextFor(id);
    if (reply.type !== 'snapshot') throw new Error(`subscribe answered ${JSON.stringify(reply)}`);
    return reply.docs;
  }

  /** Subscribes expecting a refusal; resolves with the error. */
  async subscribeRefused(
    id: string,
    query: LiveQuery,
  ): Promise<Extract<LiveServerMessage, { type: 'error' }>> {
    this.send({ type: 'subscribe', id, query });
    const reply = await this.nextFor(id);
    if (reply.type !== 'error') throw new Error(`subscribe answered ${JSON.stringify(reply)}`);
    return reply;
  }

  /** The next message of subscription `id`, whatever its type. */
  nextFor(id: string, timeoutMs?: number): Promise<LiveServerMessage> {
    return this.next((m) => 'id' in m && m.id === id, timeoutMs);
  }

  /** The next `changes` of subscription `id`. */
  async nextChanges(id: string, timeoutMs?: number) {
    const message = await this.nextFor(id, timeoutMs);
    if (message.type !== 'changes')
      throw new Error(`expected changes, got ${JSON.stringify(message)}`);
    return message;
  }

  /** The first message not taken yet that matches; waits for it up to `timeoutMs`. */
  next(
    predicate: Predicate = () => true,
    timeoutMs = defaultTimeoutMs,
  ): Promise<LiveServerMessage> {
    const waiting = this.received.find((m) => !this.taken.has(m) && predicate(m));
    if (waiting) {
      this.taken.add(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        reject(
          new Error(
            `No matching live message within ${timeoutMs} ms; received: ${JSON.stringify(this.received)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Messages received and not taken by `next` (what the test did not expect). */
  untaken(): LiveServerMessage[] {
    return this.received.filter((m) => !this.taken.has(m));
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await this.closed;
  }

  /** Drops the TCP connection without a closing handshake (a network failure). */
  kill(): void {
    this.socket.terminate();
  }
}
