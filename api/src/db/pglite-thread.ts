import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { PgliteConfig } from '../config';
import { lockDataFolder } from './data-folder-lock';

/**
 * Embedded PostgreSQL (PGlite) running in a worker thread. PGlite executes on the thread that
 * owns it, about 0.4 ms of CPU per insert; on the main thread that time would stall every other
 * request and WebSocket push (conventions: "run the embedded database off the main loop"). It
 * also keeps PGlite's own dynamic imports out of Jest's module sandbox.
 *
 * Exposes PGlite's query() and close() signatures (pglite-dialect.ts uses them) plus exec.
 */
export interface PgliteThread {
  /** `commit`: the transaction under way commits right after the statement, in the same call. */
  query<T>(sql: string, params?: unknown[], options?: { commit?: boolean }): Promise<Results<T>>;
  /** Runs a script of several statements (PGlite's query() takes one). */
  exec(script: string): Promise<void>;
  /** The whole database as a `dumpDataDir()` file: the API tests' migrated starting point. */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A thread in memory, which can hand its worker on (not one over a locked data folder). */
export interface ReleasablePgliteThread extends PgliteThread {
  /**
   * Stops answering this thread's calls and hands back its worker with PGlite still open, for
   * `pgliteThreadOver` (the API tests give one database to each test file in turn rather than
   * start PGlite for every app). Refused while a call is under way or once closed.
   */
  release(): Worker;
}

interface SerializedError {
  message: string;
  [field: string]: unknown;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: SerializedError };

/**
 * `begin`: open a transaction first (the `begin` the caller asked for, carried by its first
 * statement); `commit`: commit it right after the statement.
 */
type Request =
  | { type: 'query'; sql: string; params: unknown[]; begin: boolean; commit: boolean }
  | { type: 'exec'; sql: string; begin: boolean }
  | { type: 'dump' }
  | { type: 'close' };

const noRows = { rows: [], affectedRows: 0, fields: [] };

function toError({ message, ...fields }: SerializedError): Error {
  return Object.assign(new Error(message), fields);
}

/**
 * Starts the embedded database's thread on `dataDir` (in memory without one), from `template`
 * when the folder holds no database yet: PGlite refuses to load a template over one. The thread
 * starts before this returns (only the lock is taken first), so it starts while the caller goes on.
 */
export async function startPglite({ dataDir, template }: PgliteConfig): Promise<PgliteThread> {
  const templateFound = template !== undefined && existsSync(template);
  // In memory: always new, so from the template when there is one.
  if (!dataDir) return startPgliteThread({ template: templateFound ? template : undefined });
  mkdirSync(dataDir, { recursive: true });
  // One process per folder (data-folder-lock.ts): refused before PGlite reads a page of it.
  const unlock = lockDataFolder(dataDir);
  const useTemplate = templateFound && !existsSync(path.join(dataDir, 'PG_VERSION'));
  let thread: PgliteThread;
  try {
    thread = await startPgliteThread({ dataDir, template: useTemplate ? template : undefined });
  } catch (err) {
    unlock();
    throw err;
  }
  return {
    ...thread,
    close: async () => {
      try {
        await thread.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Starts the thread and resolves once PGlite is open: in memory when `dataDir` is absent, and
 * from a copy of `template` (a PGlite `dumpDataDir()` file) instead of an empty cluster when given.
 */
export function startPgliteThread(
  options: { dataDir?: string; template?: string } = {},
): Promise<ReleasablePgliteThread> {
  const worker = new Worker(path.join(__dirname, 'pglite-worker.js'), { workerData: options });
  return threadOver(worker, false);
}

/** A thread over a worker an earlier thread released, its PGlite open already. */
export function pgliteThreadOver(worker: Worker): Promise<ReleasablePgliteThread> {
  return threadOver(worker, true);
}

function threadOver(worker: Worker, started: boolean): Promise<ReleasablePgliteThread> {
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();
  let nextId = 1;
  let stopped: Error | undefined;

  const send = (request: Request): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
  };

  // Each statement is a round trip to the thread, and while one transaction waits on its round
  // trips no other request can use the database (one connection). So the transaction's `begin`
  // travels with its first statement, and `begin`/`commit`/`rollback` run over the simple
  // protocol, one call into PGlite instead of the extended protocol's five.
  let beginPending = false;
  const takeBegin = () => {
    const begin = beginPending;
    beginPending = false;
    return begin;
  };

  const thread: ReleasablePgliteThread = {
    query: async <T>(sql: string, params: unknown[] = [], { commit = false } = {}) => {
      if (params.length === 0 && sql === 'begin') {
        beginPending = true;
        return noRows as Results<T>;
      }
      const begin = takeBegin();
      if (params.length === 0 && (sql === 'commit' || sql === 'rollback')) {
        // A transaction that ran no statement has nothing to end.
        if (!begin) await send({ type: 'exec', sql, begin: false });
        return noRows as Results<T>;
      }
      return (await send({ type: 'query', sql, params, begin, commit })) as Results<T>;
    },
    exec: async (script) => {
      await send({ type: 'exec', sql: script, begin: takeBegin() });
    },
    dump: async () => (await send({ type: 'dump' })) as Uint8Array,
    close: async () => {
      if (stopped) return;
      // PGlite flushes and closes first; then the thread goes, whatever PGlite left scheduled.
      await send({ type: 'close' });
      stopped = new Error('The embedded database is closed');
      await worker.terminate();
    },
    release: () => {
      if (stopped) throw stopped;
      if (pending.size > 0 || beginPending) throw new Error('The embedded database is in use');
      stopped = new Error('The embedded database was handed on');
      worker.off('message', onMessage).off('error', stop).off('exit', onExit);
      return worker;
    },
  };

  let resolveStart: (thread: ReleasablePgliteThread) => void = () => {};
  let rejectStart: (err: Error) => void = () => {};
  const stop = (err: Error) => {
    stopped ??= err;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
    rejectStart(stopped);
  };
  const onMessage = (message: WorkerMessage) => {
    if (message.type === 'ready') return resolveStart(thread);
    if (message.type === 'failed') return stop(toError(message.error));
    const request = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) request?.resolve(message.result);
    else request?.reject(toError(message.error));
  };
  const onExit = (code: number) =>
    stop(new Error(`The embedded database thread exited (code ${code})`));
  worker.on('message', onMessage).on('error', stop).on('exit', onExit);
  if (started) return Promise.resolve(thread);
  return new Promise((resolve, reject) => {
    resolveStart = resolve;
    rejectStart = reject;
  });
}
