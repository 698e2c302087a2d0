import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { liveClientMessageSchema } from 'shared-sdk/schemas';
import type { LiveQuery, LiveServerMessage } from 'shared-sdk';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import { hashVisitorToken, isVisitorToken } from '../auth/visitor-tokens';
import type { Database } from '../db/schema';
import { findCustomerByTokenHash } from '../repositories/customers';
import type { Identity } from '../services/identity';
import { checkAccessToken } from '../services/sessions';
import { authorize, authorizeVisitor, planVisitorQuery } from './live-access';
import { planQuery } from './live-collections';
import type { LiveVisitor } from './live-access';
import { conversationIdOf } from './live-conversations';
import { LiveError } from './live-error';
import {
  liveCloseCodes,
  maxBufferedBytes,
  maxSubscriptionsPerConnection,
  rawText,
  subscriptionIdOf,
} from './live-wire';
import type { LiveQueries, LiveSubscriber } from './live-queries';
import type { LiveSignals, SignalPeer } from './live-signals';
import type { QueryPlan } from './query-plan';

interface Subscription {
  id: string;
  plan: QueryPlan;
  /** authorizing → active → ended; revocation may end it in either of the first two. */
  state: 'authorizing' | 'active' | 'ended';
  detach?: () => void;
}

/** What a session needs of the server it belongs to. */
export interface SessionHost {
  db: Kysely<Database>;
  identity: Identity;
  queries: LiveQueries;
  signals: LiveSignals;
  log: FastifyBaseLogger;
  /**
   * How long a socket may stay open without signing in: sockets that never do would otherwise
   * hold a place of the per-address cap and the server's memory for as long as the client likes.
   */
  authTimeoutMs: number;
  /** The session is signed in as `userId` (or again, after a token refresh). */
  signedIn(session: LiveSession): void;
  ended(session: LiveSession): void;
}

/**
 * One WebSocket: authentication, then any number of subscriptions multiplexed by the client's
 * ids. Client messages are handled one at a time, in order, so `auth` sent just before
 * `subscribe` counts for it.
 */
export class LiveSession implements SignalPeer {
  userId: string | null = null;
  /**
   * A widget visitor, signed in with their visitor token (`pv_…`) instead of an access token:
   * they read only their own conversations and those conversations' messages.
   */
  visitor: LiveVisitor | null = null;
  /** Answered the last ping: the heartbeat terminates connections that stop answering. */
  alive = true;
  private token: string | null = null;
  private expiry: NodeJS.Timeout | undefined;
  private authDeadline: NodeJS.Timeout | undefined;
  private readonly subscriptions = new Map<string, Subscription>();
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
  ) {}

  /**
   * Listens to the socket; must run in the upgrade handler itself, before any await, or the
   * first messages are lost. `cookieToken`: the sign-in cookie of the upgrade request.
   */
  start(cookieToken: string | undefined): void {
    this.socket.on('message', (data: RawData, isBinary: boolean) =>
      this.enqueue(() => this.handle(data, isBinary)),
    );
    this.socket.on('pong', () => {
      this.alive = true;
    });
    this.socket.on('close', () => this.dispose());
    this.socket.on('error', (err) => this.host.log.debug({ err }, 'live socket error'));
    this.authDeadline = setTimeout(() => {
      if (this.disposed || this.userId || this.visitor) return;
      this.refuse('Not signed in in time: send {type: "auth", token} first');
    }, this.host.authTimeoutMs);
    this.authDeadline.unref();
    if (cookieToken) this.enqueue(() => this.authenticate(cookieToken, 'cookie'));
  }

  /** Subscriptions to `workspaceId` (all of them when null) are authorized again. */
  async recheckWorkspace(workspaceId: string | null): Promise<void> {
    const userId = this.userId;
    if (!userId) return;
    const affected = [...this.subscriptions.values()].filter(
      (sub) =>
        sub.state !== 'ended' &&
        sub.plan.workspaceId !== null &&
        (workspaceId === null || sub.plan.workspaceId === workspaceId),
    );
    await Promise.all(
      affected.map(async (sub) => {
        const refusal = await authorize(this.host.db, sub.plan, userId);
        if (refusal && sub.state !== 'ended') this.endWithError(sub, refusal);
      }),
    );
  }

  /** The account changed (password, disabled, deleted): the token is checked again. */
  async recheckToken(): Promise<void> {
    if (!this.token || this.disposed) return;
    if (this.visitor) {
      const customer = await findCustomerByTokenHash(this.host.db, hashVisitorToken(this.token));
      if (!customer) this.refuse('This visitor is no longer known; start a new widget session');
      return;
    }
    const check = await checkAccessToken(this.host.db, this.host.identity, this.token);
    if (!check.ok) this.refuse(check.error.message);
  }

  ping(): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
    this.dispose();
  }

  /** Ends every subscription and lets go of the socket's state (the socket is closing). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.expiry);
    clearTimeout(this.authDeadline);
    for (const sub of this.subscriptions.values()) this.end(sub);
    this.host.ended(this);
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.host.log.error({ err }, 'live message failed');
      this.send({
        type: 'error',
        code: 'unavailable',
        message: 'The message could not be handled',
      });
    });
  }

  private async handle(data: RawData, isBinary: boolean) {
    if (this.disposed) return;
    let raw: unknown;
    try {
      if (isBinary) throw new Error('binary');
      raw = JSON.parse(rawText(data));
    } catch {
      return this.send({
        type: 'error',
        code: 'invalid-argument',
        message: 'Messages are JSON text',
      });
    }
    const parsed = liveClientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      return this.send({
        type: 'error',
        ...subscriptionIdOf(raw),
        code: 'invalid-argument',
        message: z.prettifyError(parsed.error),
      });
    }
    const message = parsed.data;
    if (message.type === 'auth') {
      return isVisitorToken(message.token)
        ? this.authenticateVisitor(message.token)
        : this.authenticate(message.token, 'message');
    }
    if (!this.userId && !this.visitor) {
      return this.send({
        type: 'error',
        ...(message.type === 'subscribe' ? { id: message.id } : {}),
        code: 'unauthenticated',
        message: 'Send {type: "auth", token} first',
      });
    }
    if (message.type === 'subscribe') return this.subscribe(message.id, message.query);
    if (message.type === 'typing' || message.type === 'viewing') {
      try {
        await this.host.signals.receive(this, message);
      } catch (err) {
        if (!(err instanceof LiveError)) throw err;
        this.send({ type: 'error', code: err.code, message: err.message });
      }
      return;
    }
    const sub = this.subscriptions.get(message.id);
    if (sub) this.end(sub);
  }

  /**
   * Whether this connection reads the conversation now: the workspace's conversations (the
   * takeover list) or its messages or notes. Who may send and hear typing and presence.
   */
  watches(workspaceId: string, conversationId: string): boolean {
    for (const sub of this.subscriptions.values()) {
      if (sub.state !== 'active' || sub.plan.workspaceId !== workspaceId) continue;
      if (sub.plan.collection === 'conversations') return true;
      if (
        (sub.plan.collection === 'messages' || sub.plan.collection === 'conversation_notes') &&
        conversationIdOf(sub.plan) === conversationId
      ) {
        return true;
      }
    }
    return false;
  }

  watchedWorkspaceIds(): Set<string> {
    const ids = new Set<string>();
    for (const sub of this.subscriptions.values()) {
      const reads = ['conversations', 'messages', 'conversation_notes'].includes(
        sub.plan.collection,
      );
      if (sub.state === 'active' && reads && sub.plan.workspaceId) ids.add(sub.plan.workspaceId);
    }
    return ids;
  }

  private async authenticate(token: string, source: 'cookie' | 'message') {
    const check = await checkAccessToken(this.host.db, this.host.identity, token);
    if (this.disposed) return;
    if (!check.ok) {
      // A stale cookie is no reason to refuse the connection: an auth message may follow.
      if (source === 'message') this.refuse(check.error.message);
      return;
    }
    if (this.visitor || (this.userId && this.userId !== check.user.id)) {
      this.signedInAsAnother();
      return;
    }
    this.userId = check.user.id;
    this.token = token;
    this.scheduleExpiry(token);
    this.host.signedIn(this);
    this.send({ type: 'ready', userId: check.user.id });
  }

  /**
   * The widget's visitor token (spec: the token reaches only its own conversation). It does not
   * expire; `ready` carries the customer's id.
   */
  private async authenticateVisitor(token: string) {
    const customer = await findCustomerByTokenHash(this.host.db, hashVisitorToken(token));
    if (this.disposed) return;
    if (!customer) {
      this.refuse('Unknown visitor token; start a new widget session');
      return;
    }
    if (this.userId || (this.visitor && this.visitor.customerId !== customer.id)) {
      this.signedInAsAnother();
      return;
    }
    this.visitor = { customerId: customer.id, workspaceId: customer.workspaceId };
    this.token = token;
    this.host.signals.visitorSignedIn(this);
    this.send({ type: 'ready', userId: customer.id });
  }

  private signedInAsAnother() {
    this.send({
      type: 'error',
      code: 'permission-denied',
      message: 'This connection is signed in as another user; open a new one',
    });
    this.close(liveCloseCodes.otherUser, 'another user');
  }

  /** The connection ends when its token does, unless a fresh one (auth) came first. */
  private scheduleExpiry(token: string) {
    clearTimeout(this.expiry);
    const { accessTokens, now } = this.host.identity;
    accessTokens.verify(token).then(
      (verified) => {
        if (!verified.ok || this.token !== token || this.disposed) return;
        const expiresAt = (verified.claims.issuedAt + accessTokens.ttlSeconds) * 1000;
        this.expiry = setTimeout(
          () => this.refuse('The access token has expired; connect again with a fresh one'),
          Math.max(0, expiresAt - now().getTime()),
        );
        this.expiry.unref();
      },
      (err: unknown) => this.host.log.error({ err }, 'live token expiry not scheduled'),
    );
  }

  private refuse(message: string) {
    this.send({ type: 'error', code: 'unauthenticated', message });
    this.close(liveCloseCodes.unauthenticated, 'unauthenticated');
  }

  private async subscribe(id: string, query: LiveQuery) {
    const { userId, visitor } = this;
    // The same id again replaces that subscription (e.g. the next page of a list).
    const previous = this.subscriptions.get(id);
    if (previous) this.end(previous);
    if (this.subscriptions.size >= maxSubscriptionsPerConnection) {
      return this.sendError(
        id,
        new LiveError(
          'resource-exhausted',
          `At most ${maxSubscriptionsPerConnection} subscriptions per connection`,
        ),
      );
    }
    let plan: QueryPlan;
    try {
      plan = visitor ? planVisitorQuery(query, visitor) : planQuery(query, userId ?? '');
    } catch (err) {
      if (err instanceof LiveError) return this.sendError(id, err);
      throw err;
    }
    // Registered before the membership read: a removal committed meanwhile finds it and ends it.
    const sub: Subscription = { id, plan, state: 'authorizing' };
    this.subscriptions.set(id, sub);
    const refusal = visitor
      ? await authorizeVisitor(this.host.db, plan, visitor)
      : await authorize(this.host.db, plan, userId ?? '');
    if (sub.state === 'ended') return;
    if (refusal) return this.endWithError(sub, refusal);
    sub.state = 'active';
    const subscriber: LiveSubscriber = {
      id,
      deliver: (text) => this.sendText(text),
      fail: (error) => this.endWithError(sub, error),
    };
    sub.detach = this.host.queries.attach(plan, subscriber);
    this.host.signals.subscriptionsChanged(this);
  }

  private end(sub: Subscription) {
    const wasActive = sub.state === 'active';
    sub.state = 'ended';
    sub.detach?.();
    if (this.subscriptions.get(sub.id) === sub) this.subscriptions.delete(sub.id);
    if (wasActive) this.host.signals.subscriptionsChanged(this);
  }

  private endWithError(sub: Subscription, error: LiveError) {
    if (sub.state === 'ended') return;
    this.end(sub);
    this.sendError(sub.id, error);
  }

  private sendError(id: string, error: LiveError) {
    this.send({ type: 'error', id, code: error.code, message: error.message });
  }

  private send(message: LiveServerMessage) {
    this.sendText(JSON.stringify(message));
  }

  sendText(text: string | Buffer): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > maxBufferedBytes) {
      this.host.log.warn({ userId: this.userId }, 'live client too slow: connection closed');
      this.close(liveCloseCodes.tooSlow, 'too slow');
      return;
    }
    // Text frames, whether the message comes as a string or as UTF-8 bytes.
    this.socket.send(text, { binary: false });
  }
}
