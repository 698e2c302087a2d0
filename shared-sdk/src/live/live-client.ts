import type {
  LiveClientMessage,
  LiveDoc,
  LiveQuery,
  LiveServerMessage,
  LiveSignal,
  LiveSignalMessage,
} from '../schemas/live';
import { applyChanges, liveQueryKey } from './live-docs';

// Reconnecting: full jitter over an exponential ceiling (0.5 s doubling to 30 s), so that clients
// dropped together by a restarting server do not all come back at the same moment.
export const reconnectStartMs = 500;
export const reconnectMaxMs = 30_000;
/** An unused socket stays open this long, so that leaving a page and opening the next is cheap. */
export const idleCloseMs = 3_000;

/**
 * `loading` until the first snapshot; `live` while the server streams changes; `reconnecting`
 * after the socket dropped (the last docs are kept until the new snapshot replaces them); `error`
 * when the server refused or ended the subscription.
 */
export type LiveStatus = 'loading' | 'live' | 'reconnecting' | 'error';

export interface LiveError {
  code: string;
  message: string;
}

export interface LiveState {
  status: LiveStatus;
  /** In the query's order. */
  docs: LiveDoc[];
  /** Set when status is `error`. */
  error?: LiveError;
}

export type LiveListener = (state: LiveState) => void;
export type LiveSignalListener = (signal: LiveSignal) => void;

/** `idle`: no socket (none needed, or waiting for a token); `reconnecting`: waiting to retry. */
export type LiveConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface LiveClientOptions {
  /** The socket's address (`liveSocketUrl` derives it from the API base URL). */
  url: string;
  /** The access token; null when signed out. */
  getToken: () => Promise<string | null> | string | null;
  WebSocket?: typeof WebSocket;
  /** In [0, 1): the jitter. */
  random?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface LiveClient {
  /**
   * Streams the query's documents to `listener`: at once with what is known, then on every
   * change. Identical queries share one server subscription. Returns the unsubscribe function.
   */
  subscribe(query: LiveQuery, listener: LiveListener): () => void;
  /** Subscribes again to a query the server ended with an error (e.g. after a "try again"). */
  retry(query: LiveQuery): void;
  /** Sends the current token when it changed (the session refreshed it), or connects if waiting for one. */
  reauthenticate(): Promise<void>;
  /**
   * Sends typing or viewing news (live-signals.ts) when the socket is signed in; dropped
   * otherwise, as such news is stale by the time a connection comes back.
   */
  signal(message: LiveSignalMessage): void;
  /** Hears the other side's typing and colleagues' presence. Returns the function that stops. */
  onSignal(listener: LiveSignalListener): () => void;
  /** Closes the socket now and forgets every subscription (sign-out). */
  close(): void;
  readonly status: LiveConnectionStatus;
}

interface Entry {
  id: string;
  key: string;
  query: LiveQuery;
  listeners: Set<LiveListener>;
  state: LiveState;
  /** The server ended it (an error with its id): it is not sent again until retried. */
  ended: boolean;
}

const OPEN = 1;
const unauthenticated: LiveError = {
  code: 'unauthenticated',
  message: 'Sign in to read live data',
};

/** ws:// or wss:// `/api/live` on the API's origin (the API base URL may be relative). */
export function liveSocketUrl(apiBaseUrl: string, pageUrl: string): string {
  const url = new URL(`${apiBaseUrl.replace(/\/$/, '')}/api/live`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const random = options.random ?? Math.random;
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined));

  const entries = new Map<string, Entry>();
  const entriesById = new Map<string, Entry>();
  const signalListeners = new Set<LiveSignalListener>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let connection: LiveConnectionStatus = 'idle';
  /** The server accepted this socket's token: subscriptions may be sent. */
  let ready = false;
  let sentToken: string | null = null;
  let attempt = 0;
  let reconnectTimer: unknown;
  let idleTimer: unknown;

  const activeEntries = () => [...entries.values()].filter((entry) => !entry.ended);

  function setState(entry: Entry, state: LiveState) {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener(state);
  }

  function send(message: LiveClientMessage) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function sendSubscribe(entry: Entry) {
    if (ready) send({ type: 'subscribe', id: entry.id, query: entry.query });
  }

  function detach(current: WebSocket) {
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
    current.close();
  }

  function closeSocket() {
    cancel(reconnectTimer);
    cancel(idleTimer);
    reconnectTimer = idleTimer = undefined;
    if (socket) detach(socket);
    socket = null;
    ready = false;
    sentToken = null;
    connection = 'idle';
  }

  /** No token: stay disconnected and say so until `reauthenticate` finds one. */
  function waitForToken() {
    closeSocket();
    for (const entry of activeEntries()) {
      setState(entry, { ...entry.state, status: 'error', error: unauthenticated });
    }
  }

  function connect() {
    cancel(reconnectTimer);
    reconnectTimer = undefined;
    connection = attempt > 0 ? 'reconnecting' : 'connecting';
    const current = new Socket(options.url);
    socket = current;
    ready = false;
    sentToken = null;

    current.onopen = async () => {
      const token = await options.getToken();
      if (socket !== current) return;
      if (!token) return waitForToken();
      sentToken = token;
      send({ type: 'auth', token });
    };
    current.onmessage = (event: MessageEvent) => {
      if (socket !== current) return;
      let message: LiveServerMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        return;
      }
      receive(message);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      sentToken = null;
      const live = activeEntries();
      if (live.length === 0) {
        connection = 'idle';
        return;
      }
      for (const entry of live) setState(entry, { ...entry.state, status: 'reconnecting' });
      const ceiling = Math.min(reconnectMaxMs, reconnectStartMs * 2 ** attempt);
      attempt += 1;
      connection = 'reconnecting';
      reconnectTimer = schedule(connect, Math.floor(random() * ceiling));
    };
    // A failed socket also closes; onclose decides what happens next.
    current.onerror = () => undefined;
  }

  function receive(message: LiveServerMessage) {
    switch (message.type) {
      case 'ready': {
        if (ready) return;
        ready = true;
        attempt = 0;
        connection = 'open';
        // The new connection knows nothing: every live subscription is sent again, and its
        // snapshot replaces what the client had.
        for (const entry of activeEntries()) sendSubscribe(entry);
        return;
      }
      case 'snapshot': {
        const entry = entriesById.get(message.id);
        if (!entry || entry.ended) return;
        setState(entry, { status: 'live', docs: message.docs });
        return;
      }
      case 'changes': {
        const entry = entriesById.get(message.id);
        if (!entry || entry.ended) return;
        const docs = applyChanges(entry.state.docs, message.changes, entry.query.orderBy);
        setState(entry, { status: 'live', docs });
        return;
      }
      case 'error': {
        const error = { code: message.code, message: message.message };
        if (message.id === undefined) {
          // About the connection (e.g. a refused token): every subscription hears it and stays,
          // to resume with the next snapshot.
          for (const entry of activeEntries())
            setState(entry, { ...entry.state, status: 'error', error });
          return;
        }
        const entry = entriesById.get(message.id);
        if (!entry || entry.ended) return;
        entry.ended = true;
        setState(entry, { ...entry.state, status: 'error', error });
        return;
      }
      case 'typing':
      case 'presence': {
        for (const listener of [...signalListeners]) listener(message);
        return;
      }
    }
  }

  function ensureConnected() {
    cancel(idleTimer);
    idleTimer = undefined;
    if (!socket && reconnectTimer === undefined) connect();
  }

  function start(entry: Entry) {
    entriesById.delete(entry.id);
    entry.id = `s${nextId++}`;
    entry.ended = false;
    entriesById.set(entry.id, entry);
    setState(entry, { status: 'loading', docs: entry.state.docs });
    ensureConnected();
    sendSubscribe(entry);
  }

  return {
    subscribe(query, listener) {
      const key = liveQueryKey(query);
      let entry = entries.get(key);
      if (!entry) {
        entry = {
          id: '',
          key,
          query,
          listeners: new Set(),
          state: { status: 'loading', docs: [] },
          ended: false,
        };
        entries.set(key, entry);
        start(entry);
      } else if (entry.ended) {
        start(entry);
      }
      const current = entry;
      current.listeners.add(listener);
      listener(current.state);
      return () => {
        if (!current.listeners.delete(listener) || current.listeners.size > 0) return;
        if (entries.get(key) !== current) return;
        entries.delete(key);
        entriesById.delete(current.id);
        if (!current.ended) send({ type: 'unsubscribe', id: current.id });
        if (entries.size === 0) {
          cancel(idleTimer);
          idleTimer = schedule(() => {
            idleTimer = undefined;
            if (entries.size === 0) {
              closeSocket();
              attempt = 0;
            }
          }, idleCloseMs);
        }
      };
    },
    retry(query) {
      const entry = entries.get(liveQueryKey(query));
      if (entry?.ended) start(entry);
    },
    async reauthenticate() {
      if (!socket) {
        if (activeEntries().length > 0 && reconnectTimer === undefined) connect();
        return;
      }
      // Before the first auth the socket's onopen fetches the token itself.
      if (sentToken === null) return;
      const current = socket;
      const token = await options.getToken();
      if (socket !== current) return;
      if (!token) return waitForToken();
      if (token === sentToken) return;
      sentToken = token;
      send({ type: 'auth', token });
    },
    signal(message) {
      if (ready) send(message);
    },
    onSignal(listener) {
      signalListeners.add(listener);
      return () => {
        signalListeners.delete(listener);
      };
    },
    close() {
      entries.clear();
      entriesById.clear();
      closeSocket();
      attempt = 0;
    },
    get status() {
      return connection;
    },
  };
}

let sharedLiveClient: LiveClient | null = null;
let announceReady: ((client: LiveClient) => void) | undefined;
let ready = new Promise<LiveClient>((resolve) => {
  announceReady = resolve;
});

/** The shell creates the page's one live client (one socket per page, spec: live reads). */
export function configureLiveClient(options: LiveClientOptions): LiveClient {
  sharedLiveClient?.close();
  const client = createLiveClient(options);
  sharedLiveClient = client;
  announceReady?.(client);
  announceReady = undefined;
  ready = Promise.resolve(client);
  return client;
}

/**
 * The page's live client once the shell has configured it: a remote's page may render before
 * the shell has loaded live queries (it does so for every dashboard page).
 */
export function liveClientReady(): Promise<LiveClient> {
  return ready;
}

/** The page's live client, or null before the shell has configured it. */
export function configuredLiveClient(): LiveClient | null {
  return sharedLiveClient;
}

export function liveClient(): LiveClient {
  if (!sharedLiveClient) throw new Error('The live client is not configured yet');
  return sharedLiveClient;
}
