import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';

/** Sockets written to in one turn of the event loop at most (see OutboxSweep)… */
const socketsPerTurn = 100;
/** …and the time a turn may take: on a busy machine a hundred writes take several times this. */
const turnBudgetMs = 2;

/**
 * One read's changes to one query, for the subscribers of one id: serialized once, however many
 * sockets it goes to. A socket that has several waiting gets them as one `changes` message.
 */
export class ChangesMessage {
  /** The whole message, as UTF-8 bytes shared by every socket it goes to. */
  readonly bytes: Buffer;
  /** The last merge that began with this message (most sockets hold the same run of them). */
  private merged: { parts: readonly ChangesMessage[]; bytes: Buffer } | undefined;

  constructor(
    readonly id: string,
    /** The changes as a JSON array. */
    readonly changesJson: string,
    /** The earliest commit among those the read saw. */
    readonly committedAt: number,
  ) {
    this.bytes = Buffer.from(changesText(id, changesJson, committedAt));
  }

  /**
   * This message followed by `later` (same id, in commit order) as one: the client applies a
   * `changes` list in order, so the concatenation leaves it where the messages one by one would.
   * Its time is the earliest commit's, as for writes that one read saw together.
   */
  static merge(parts: readonly ChangesMessage[]): Buffer {
    const first = parts[0]!;
    if (parts.length === 1) return first.bytes;
    const kept = first.merged;
    if (
      kept &&
      kept.parts.length === parts.length &&
      kept.parts.every((part, index) => part === parts[index])
    ) {
      return kept.bytes;
    }
    const changes = parts
      .map((part) => part.changesJson.slice(1, -1))
      .filter((inner) => inner.length > 0)
      .join(',');
    const bytes = Buffer.from(changesText(first.id, `[${changes}]`, first.committedAt));
    first.merged = { parts: [...parts], bytes };
    return bytes;
  }
}

function changesText(id: string, changesJson: string, committedAt: number): string {
  return `{"type":"changes","id":${JSON.stringify(id)},"changes":${changesJson},"committedAt":${committedAt}}`;
}

interface Waiting {
  data: string | Buffer | ChangesMessage;
  /** The subscription it belongs to: its messages not yet sent go when it ends. */
  owner: object | undefined;
}

/**
 * A socket's messages not yet written, in the order they were given. They are written when the
 * sweep comes to the socket: changes of one subscription that piled up meanwhile go as one
 * message, so a socket behind by several writes catches up with one frame (a write to a socket
 * costs about the same whatever it carries).
 */
export class SocketOutbox {
  private waiting: Waiting[] = [];

  constructor(
    private readonly socket: WebSocket,
    private readonly sweep: OutboxSweep,
    /** More than `maxBufferedBytes` wait in the socket: the client does not read. */
    private readonly tooSlow: () => void,
    private readonly maxBufferedBytes: number,
  ) {}

  push(data: string | Buffer | ChangesMessage, owner?: object): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.waiting.push({ data, owner });
    if (this.waiting.length === 1) this.sweep.add(this);
  }

  /** The subscription `owner` ended: nothing more of it is sent. */
  drop(owner: object): void {
    if (!this.waiting.some((item) => item.owner === owner)) return;
    this.waiting = this.waiting.filter((item) => item.owner !== owner);
    if (this.waiting.length === 0) this.sweep.remove(this);
  }

  /** Forgets what waits (the socket is closing without it). */
  clear(): void {
    this.waiting = [];
    this.sweep.remove(this);
  }

  /** Writes everything waiting now. */
  flush(): void {
    const items = this.waiting;
    this.waiting = [];
    this.sweep.remove(this);
    if (items.length === 0 || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.maxBufferedBytes) {
      this.tooSlow();
      return;
    }
    for (const data of mergeChanges(items)) this.socket.send(data, { binary: false });
  }
}

/**
 * The messages to write for `items`: a subscription's changes waiting one after another (nothing
 * else of that subscription between them) become one message, at the place of the first.
 */
function mergeChanges(items: readonly Waiting[]): (string | Buffer)[] {
  const out: (string | Buffer | ChangesMessage[])[] = [];
  /** Per subscription, its run of changes still open to more. */
  const runs = new Map<object, ChangesMessage[]>();
  for (const { data, owner } of items) {
    if (!(data instanceof ChangesMessage) || owner === undefined) {
      if (owner !== undefined) runs.delete(owner);
      out.push(data instanceof ChangesMessage ? data.bytes : data);
      continue;
    }
    const run = runs.get(owner);
    if (run) {
      run.push(data);
      continue;
    }
    const started = [data];
    runs.set(owner, started);
    out.push(started);
  }
  return out.map((entry) => (Array.isArray(entry) ? ChangesMessage.merge(entry) : entry));
}

/**
 * Writes the sockets that have messages waiting, in the order they came to have some, at most
 * socketsPerTurn (or turnBudgetMs) per turn of the event loop: the same thread answers requests
 * and the database's replies to them, and a write waiting on its next statement must not wait for
 * a fan-out to thousands. A socket still waiting when more arrives for it keeps its place and sends it all in
 * one go, so a fan-out that falls behind catches up instead of queueing one write behind another.
 */
export class OutboxSweep {
  private readonly waiting = new Set<SocketOutbox>();
  private scheduled: NodeJS.Immediate | undefined;

  add(outbox: SocketOutbox): void {
    this.waiting.add(outbox);
    this.scheduled ??= setImmediate(() => this.run());
  }

  remove(outbox: SocketOutbox): void {
    this.waiting.delete(outbox);
  }

  private run() {
    this.scheduled = undefined;
    const started = performance.now();
    let written = 0;
    for (const outbox of this.waiting) {
      if (written === socketsPerTurn || performance.now() - started > turnBudgetMs) break;
      outbox.flush();
      written += 1;
    }
    if (this.waiting.size > 0) this.scheduled = setImmediate(() => this.run());
  }
}
