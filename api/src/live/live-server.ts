import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema';
import type { Identity } from '../services/identity';
import type { ChangeEvent } from './change-events';
import type { ChangeFeed } from './change-feed';
import { LiveQueries } from './live-queries';
import { LiveSession } from './live-session';
import type { SessionHost } from './live-session';
import { LiveSignals } from './live-signals';

/** A connection that has not answered a ping within this time is dropped. */
const heartbeatMs = 30_000;

export interface LiveServerOptions {
  db: Kysely<Database>;
  identity: Identity;
  feed: ChangeFeed;
  log: FastifyBaseLogger;
  /** A socket not signed in within this is closed; default 10 s. */
  authTimeoutMs?: number;
}

/**
 * This instance's live connections and queries, fed by the change feed. Events that arrive
 * together (same tick, or while the previous batch is handled) are handled as one batch: first
 * membership changes end the subscriptions they revoke, then each affected query is read again
 * once. So a member removed in a batch is not sent that batch's changes.
 */
export class LiveServer implements SessionHost {
  readonly db: Kysely<Database>;
  readonly identity: Identity;
  readonly log: FastifyBaseLogger;
  readonly queries: LiveQueries;
  readonly signals: LiveSignals;
  readonly authTimeoutMs: number;
  private readonly sessions = new Set<LiveSession>();
  private readonly sessionsByUser = new Map<string, Set<LiveSession>>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private pending: ChangeEvent[] = [];
  private missedPending = false;
  private handling: Promise<void> | undefined;

  constructor({ db, identity, feed, log, authTimeoutMs = 10_000 }: LiveServerOptions) {
    this.db = db;
    this.authTimeoutMs = authTimeoutMs;
    this.identity = identity;
    this.log = log;
    this.queries = new LiveQueries(db, log);
    // The app's clock (tests move it) times the typing throttle.
    this.signals = new LiveSignals(db, feed, log, () => identity.now().getTime());
    this.unsubscribe = feed.subscribe({
      signal: (event) => this.signals.deliver(event),
      changes: (events) => {
        this.pending.push(...events);
        this.schedule();
      },
      missed: () => {
        this.missedPending = true;
        this.schedule();
      },
    });
    this.heartbeat = setInterval(() => {
      for (const session of this.sessions) session.ping();
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** A new WebSocket on /api/live; call from the upgrade handler, before any await. */
  accept(socket: WebSocket, cookieToken: string | undefined): LiveSession {
    const session = new LiveSession(socket, this);
    this.sessions.add(session);
    session.start(cookieToken);
    return session;
  }

  signedIn(session: LiveSession): void {
    if (!session.userId) return;
    let sessions = this.sessionsByUser.get(session.userId);
    if (!sessions) {
      sessions = new Set();
      this.sessionsByUser.set(session.userId, sessions);
    }
    sessions.add(session);
  }

  ended(session: LiveSession): void {
    this.sessions.delete(session);
    this.signals.ended(session);
    if (!session.userId) return;
    const sessions = this.sessionsByUser.get(session.userId);
    sessions?.delete(session);
    if (sessions?.size === 0) this.sessionsByUser.delete(session.userId);
  }

  stats() {
    return { connections: this.sessions.size, ...this.queries.stats() };
  }

  /** Resolves once the events handed over so far have been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.handling) await this.handling;
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    // 1001 "going away": the client reconnects (to another instance, or once this one is back).
    for (const session of [...this.sessions]) session.close(1001, 'server shutting down');
    await this.idle();
    await this.queries.close();
  }

  private schedule() {
    // setImmediate, not a microtask: events published by writes that commit together (one
    // event-loop turn) form one batch.
    this.handling ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.handleBatches())
      .catch((err: unknown) => this.log.error({ err }, 'live change batch failed'))
      .finally(() => {
        this.handling = undefined;
        if (this.pending.length > 0 || this.missedPending) this.schedule();
      });
  }

  private async handleBatches() {
    while (this.pending.length > 0 || this.missedPending) {
      const events = this.pending;
      const missed = this.missedPending;
      this.pending = [];
      this.missedPending = false;
      await this.recheckAccess(events, missed);
      if (missed) this.queries.refreshAll();
      this.queries.apply(events);
    }
  }

  /**
   * Membership changes (product-spec.md §6: an admin removes, disables or demotes a member; a workspace or
   * an account is deleted) end the subscriptions they revoke, before any change is sent. Account
   * changes (password, deletion) check the connection's token again.
   */
  private async recheckAccess(events: ChangeEvent[], missed: boolean) {
    const checks: Promise<void>[] = [];
    if (missed) {
      for (const session of this.sessions) {
        checks.push(session.recheckToken(), session.recheckWorkspace(null));
      }
    }
    for (const event of events) {
      if (event.collection === 'workspace_user' && event.workspaceId !== null) {
        const workspaceId = event.workspaceId;
        const sessions = event.userIds
          ? event.userIds.flatMap((userId) => [...(this.sessionsByUser.get(userId) ?? [])])
          : [...this.sessions];
        for (const session of sessions) checks.push(session.recheckWorkspace(workspaceId));
      } else if (event.collection === 'users') {
        for (const userId of event.ids) {
          for (const session of this.sessionsByUser.get(userId) ?? []) {
            checks.push(session.recheckToken());
          }
        }
      }
    }
    const results = await Promise.allSettled(checks);
    for (const result of results) {
      if (result.status === 'rejected') {
        this.log.error({ err: result.reason }, 'live access check failed');
      }
    }
  }
}
