// Tests only: a WebSocket the test plays the server of.
import type { LiveClientMessage, LiveServerMessage } from 'shared-sdk/live';

export interface FakeSocket {
  url: string;
  readyState: number;
  /** What the client sent, parsed. */
  sent: LiveClientMessage[];
  closed: boolean;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
  /** The server accepts the connection. */
  open(): void;
  /** The server sends a message. */
  receive(message: LiveServerMessage): void;
  /** The connection is lost (server restart, network). */
  drop(): void;
}

/** A WebSocket class for `createLiveClient({ WebSocket })` and every socket it made. */
export function fakeWebSockets() {
  const sockets: FakeSocket[] = [];
  class FakeWebSocket implements FakeSocket {
    readyState = 0;
    sent: LiveClientMessage[] = [];
    closed = false;
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
      if (this.closed) return;
      this.closed = true;
      this.readyState = 3;
      this.onclose?.({ code: 1000, reason: '' });
    }
    open() {
      this.readyState = 1;
      this.onopen?.({});
    }
    receive(message: LiveServerMessage) {
      this.onmessage?.({ data: JSON.stringify(message) });
    }
    drop() {
      this.closed = true;
      this.readyState = 3;
      this.onclose?.({ code: 1006, reason: '' });
    }
  }
  return {
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    sockets,
    /** The newest socket. */
    last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}
