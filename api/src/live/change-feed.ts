import type { ChangeEvent } from './change-events';
import type { SignalEvent } from './signal-events';

/** Who hears about commits: the live queries of this instance. */
export interface ChangeListener {
  /** Events of committed transactions, in the order this instance learnt of them. */
  changes(events: ChangeEvent[]): void;
  /**
   * Events may have been lost (the connection to the other instances dropped and came back):
   * every live query must be read again and every subscription authorized again.
   */
  missed(): void;
  /** An ephemeral signal (typing, presence) of any instance; the live server delivers it. */
  signal?(event: SignalEvent): void;
}

/**
 * Carries change events from the instance that committed a write to every instance holding live
 * queries. One instance: in process. Several: through Redis pub/sub (RedisChangeFeed).
 */
export interface ChangeFeed {
  /** Hands over the events of one committed transaction; never throws (failures are logged). */
  publish(events: ChangeEvent[]): void;
  /**
   * Hands an ephemeral signal to every instance (this one included). Not stored: an instance
   * that misses it (Redis reconnecting) never hears it, as a typing indicator is stale by then.
   */
  publishSignal(event: SignalEvent): void;
  /** Returns the function that stops listening. */
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
}

/**
 * Delivers to this instance's listeners on a later microtask, never inside publish(): the writer
 * has finished its request handling by then, and a listener's error cannot reach the writer.
 */
export class LocalDelivery {
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly onListenerError: (err: unknown) => void) {}

  add(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(events: ChangeEvent[]): void {
    if (events.length === 0) return;
    queueMicrotask(() => this.each((listener) => listener.changes(events)));
  }

  missed(): void {
    queueMicrotask(() => this.each((listener) => listener.missed()));
  }

  deliverSignal(event: SignalEvent): void {
    queueMicrotask(() => this.each((listener) => listener.signal?.(event)));
  }

  clear(): void {
    this.listeners.clear();
  }

  private each(call: (listener: ChangeListener) => void) {
    for (const listener of this.listeners) {
      try {
        call(listener);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}

/** One api instance: events go straight to this process's live queries. */
export class InProcessChangeFeed implements ChangeFeed {
  private readonly delivery: LocalDelivery;

  constructor(onListenerError: (err: unknown) => void) {
    this.delivery = new LocalDelivery(onListenerError);
  }

  publish(events: ChangeEvent[]): void {
    this.delivery.deliver(events);
  }

  publishSignal(event: SignalEvent): void {
    this.delivery.deliverSignal(event);
  }

  subscribe(listener: ChangeListener): () => void {
    return this.delivery.add(listener);
  }

  async close(): Promise<void> {
    this.delivery.clear();
  }
}
