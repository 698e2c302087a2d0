import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveSignalMessage } from 'shared-sdk';
import { typingMinGapMs } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeFeed } from './change-feed';
import { LiveError } from './live-error';
import type { SignalEvent } from './signal-events';

/** What the signals need of a connection (LiveSession). */
export interface SignalPeer {
  readonly userId: string | null;
  readonly visitor: { customerId: string; workspaceId: string } | null;
  /** Holds an active subscription to the workspace's conversations, or to this one's messages. */
  watches(workspaceId: string, conversationId: string): boolean;
  /** The workspaces whose conversations or messages it reads now (members only). */
  watchedWorkspaceIds(): Set<string>;
  sendText(text: string): void;
}

interface Parties {
  workspaceId: string;
  customerId: string;
}

/** Conversations whose workspace and customer are remembered (they never change). */
const maxRememberedConversations = 10_000;
/** Senders' last signal times kept before old ones are let go. */
const maxThrottleEntries = 10_000;

const notYours = () =>
  new LiveError('permission-denied', 'You may signal only in your own conversation');
const notWatching = () =>
  new LiveError(
    'permission-denied',
    "Read the workspace's conversations or this conversation's messages first",
  );

/**
 * Typing and presence (issue 18): ephemeral, never stored. A sender is authorized on its own
 * connection (a visitor in their own conversation; a member while their connection reads the
 * conversation, so a removed member's subscriptions ending also ends what they may send), then
 * the signal crosses instances on the change feed and each instance hands it to its own
 * recipients: the conversation's visitor, or the members reading it. Never another visitor.
 */
export class LiveSignals {
  private readonly parties = new Map<string, Parties>();
  private readonly lastSent = new Map<string, number>();
  private readonly visitors = new Map<string, Set<SignalPeer>>();
  private readonly watchers = new Map<string, Set<SignalPeer>>();
  private readonly watched = new Map<SignalPeer, Set<string>>();
  private readonly viewing = new Map<SignalPeer, { conversationId: string } & Parties>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly feed: ChangeFeed,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** A client's typing or viewing message; throws LiveError when it may not send it. */
  async receive(peer: SignalPeer, message: LiveSignalMessage): Promise<void> {
    if (message.type === 'viewing') return this.view(peer, message.conversationId);
    const parties = await this.partiesOf(message.conversationId);
    const { conversationId } = message;
    if (peer.visitor) {
      if (
        !parties ||
        parties.customerId !== peer.visitor.customerId ||
        parties.workspaceId !== peer.visitor.workspaceId
      ) {
        throw notYours();
      }
      if (this.throttled(`typing:c:${parties.customerId}:${conversationId}`)) return;
      this.feed.publishSignal({
        ...parties,
        conversationId,
        to: 'agents',
        message: { type: 'typing', conversationId, from: 'customer', senderId: parties.customerId },
      });
      return;
    }
    const userId = peer.userId ?? '';
    if (!parties || !peer.watches(parties.workspaceId, conversationId)) throw notWatching();
    if (this.throttled(`typing:u:${userId}:${conversationId}`)) return;
    this.feed.publishSignal({
      ...parties,
      conversationId,
      to: 'customer',
      message: { type: 'typing', conversationId, from: 'agent', senderId: userId },
    });
  }

  /** Hands a signal of any instance to this instance's connections that may hear it. */
  deliver(event: SignalEvent): void {
    const text = JSON.stringify(event.message);
    if (event.to === 'customer') {
      for (const peer of this.visitors.get(event.customerId) ?? []) {
        if (peer.visitor?.workspaceId === event.workspaceId) peer.sendText(text);
      }
      return;
    }
    for (const peer of this.watchers.get(event.workspaceId) ?? []) {
      if (peer.userId === null || peer.userId === event.exceptUserId) continue;
      if (peer.watches(event.workspaceId, event.conversationId)) peer.sendText(text);
    }
  }

  /** A visitor signed in: their conversation's agents' typing reaches them. */
  visitorSignedIn(peer: SignalPeer): void {
    const customerId = peer.visitor?.customerId;
    if (customerId) addTo(this.visitors, customerId, peer);
  }

  /** The connection's subscriptions changed: which workspaces' signals it may hear. */
  subscriptionsChanged(peer: SignalPeer): void {
    if (peer.userId === null) return;
    const next = peer.watchedWorkspaceIds();
    for (const workspaceId of this.watched.get(peer) ?? []) {
      if (!next.has(workspaceId)) removeFrom(this.watchers, workspaceId, peer);
    }
    for (const workspaceId of next) addTo(this.watchers, workspaceId, peer);
    if (next.size > 0) this.watched.set(peer, next);
    else this.watched.delete(peer);
    const view = this.viewing.get(peer);
    // A member removed from the workspace stops being shown as viewing its conversation.
    if (view && !peer.watches(view.workspaceId, view.conversationId)) this.stopViewing(peer);
  }

  /** The connection closed: it hears nothing more, and colleagues see it leave. */
  ended(peer: SignalPeer): void {
    if (peer.visitor) removeFrom(this.visitors, peer.visitor.customerId, peer);
    for (const workspaceId of this.watched.get(peer) ?? []) {
      removeFrom(this.watchers, workspaceId, peer);
    }
    this.watched.delete(peer);
    this.stopViewing(peer);
  }

  private async view(peer: SignalPeer, conversationId: string | null): Promise<void> {
    if (peer.visitor || peer.userId === null) {
      throw new LiveError('permission-denied', 'Only members tell which conversation they view');
    }
    const current = this.viewing.get(peer);
    if (conversationId === null) return this.stopViewing(peer);
    const parties = await this.partiesOf(conversationId);
    if (!parties || !peer.watches(parties.workspaceId, conversationId)) throw notWatching();
    const same = current?.conversationId === conversationId;
    if (current && !same) this.stopViewing(peer);
    // A repeat (sent every presenceRefreshMs) is throttled; a change never is.
    if (same && this.throttled(`viewing:${peer.userId}:${conversationId}`)) return;
    this.viewing.set(peer, { conversationId, ...parties });
    this.publishPresence(peer.userId, { conversationId, ...parties }, true);
  }

  private stopViewing(peer: SignalPeer) {
    const current = this.viewing.get(peer);
    if (!current || peer.userId === null) return;
    this.viewing.delete(peer);
    this.publishPresence(peer.userId, current, false);
  }

  private publishPresence(
    userId: string,
    { conversationId, workspaceId, customerId }: { conversationId: string } & Parties,
    viewing: boolean,
  ) {
    this.feed.publishSignal({
      workspaceId,
      conversationId,
      customerId,
      to: 'agents',
      exceptUserId: userId,
      message: { type: 'presence', conversationId, userId, viewing },
    });
  }

  /** Whether a signal under `key` came less than typingMinGapMs ago (else it is noted now). */
  private throttled(key: string): boolean {
    const now = this.now();
    const last = this.lastSent.get(key);
    if (last !== undefined && now - last < typingMinGapMs) return true;
    if (this.lastSent.size >= maxThrottleEntries) {
      for (const [oldKey, at] of this.lastSent) {
        if (now - at >= typingMinGapMs) this.lastSent.delete(oldKey);
      }
    }
    this.lastSent.set(key, now);
    return false;
  }

  private async partiesOf(conversationId: string): Promise<Parties | undefined> {
    const known = this.parties.get(conversationId);
    if (known) return known;
    const row = await this.db
      .selectFrom('conversations')
      .select(['workspaceId', 'customerId'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!row) return undefined;
    if (this.parties.size >= maxRememberedConversations) {
      this.log.debug('live signals: conversation parties forgotten');
      this.parties.clear();
    }
    this.parties.set(conversationId, row);
    return row;
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}
