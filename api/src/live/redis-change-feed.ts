import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { changeEventSchema } from './change-events';
import type { ChangeEvent } from './change-events';
import { LocalDelivery } from './change-feed';
import type { ChangeFeed, ChangeListener } from './change-feed';
import { signalEventSchema } from './signal-events';
import type { SignalEvent } from './signal-events';

const messageSchema = z.object({ origin: z.string(), events: z.array(changeEventSchema) });
const signalMessageSchema = z.object({ origin: z.string(), signal: signalEventSchema });

export interface RedisChangeFeedOptions {
  url: string;
  /** Instances that share a database must share the channel (REDIS_CHANNEL_PREFIX). */
  channel: string;
  log: FastifyBaseLogger;
}

/**
 * Several api instances on one PostgreSQL database: each publishes its commits on one Redis
 * pub/sub channel and hears everyone's. Two connections, as Redis requires: a connection in
 * subscriber mode can do nothing else. Events committed here reach this instance's listeners
 * at once, without the round trip; this instance's own messages coming back are skipped.
 *
 * Pub/sub does not keep messages: while the subscriber is disconnected, events are lost. So
 * when it connects again, listeners are told to read everything again (`missed`).
 */
export class RedisChangeFeed implements ChangeFeed {
  private readonly origin = randomUUID();
  private readonly delivery: LocalDelivery;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** Typing and presence: a channel of their own, so that change messages keep their shape. */
  private readonly signalChannel: string;
  private readonly log: FastifyBaseLogger;
  private readyOnce = false;
  private closed = false;

  private constructor({ url, channel, log }: RedisChangeFeedOptions) {
    this.channel = channel;
    this.signalChannel = `${channel}:signals`;
    this.log = log;
    this.delivery = new LocalDelivery((err) => log.error({ err }, 'live change listener failed'));
    const options = {
      lazyConnect: true,
      // Reconnect forever, backing off to 2 s: the instance keeps serving meanwhile.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
      connectionName: `parley-${this.origin.slice(0, 8)}`,
    };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      // Unhandled, an 'error' event would crash the process; ioredis reconnects by itself.
      connection.on('error', (err) => log.warn({ err, role }, 'Redis connection error'));
    }
    this.subscriber.on('message', (channelName: string, message: string) => {
      if (channelName === this.channel) this.receive(message);
      else if (channelName === this.signalChannel) this.receiveSignal(message);
    });
    this.subscriber.on('ready', () => {
      if (this.readyOnce && !this.closed) {
        log.warn('Redis subscriber reconnected: live queries are read again');
        this.delivery.missed();
      }
      this.readyOnce = true;
    });
  }

  /** Connects both and subscribes; rejects (and disconnects) when Redis cannot be reached. */
  static async connect(options: RedisChangeFeedOptions): Promise<RedisChangeFeed> {
    const feed = new RedisChangeFeed(options);
    try {
      await Promise.all([feed.publisher.connect(), feed.subscriber.connect()]);
      await feed.subscriber.subscribe(feed.channel, feed.signalChannel);
    } catch (err) {
      feed.publisher.disconnect();
      feed.subscriber.disconnect();
      throw new Error(`Cannot reach Redis at REDIS_URL: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return feed;
  }

  publish(events: ChangeEvent[]): void {
    if (events.length === 0 || this.closed) return;
    this.delivery.deliver(events);
    const message = JSON.stringify({ origin: this.origin, events });
    this.publisher.publish(this.channel, message).catch((err: unknown) => {
      this.log.error({ err }, 'change events not published to Redis: other instances miss them');
    });
  }

  publishSignal(event: SignalEvent): void {
    if (this.closed) return;
    this.delivery.deliverSignal(event);
    const message = JSON.stringify({ origin: this.origin, signal: event });
    this.publisher.publish(this.signalChannel, message).catch((err: unknown) => {
      this.log.warn({ err }, 'live signal not published to Redis');
    });
  }

  subscribe(listener: ChangeListener): () => void {
    return this.delivery.add(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.delivery.clear();
    await Promise.all(
      [this.subscriber, this.publisher].map((connection) =>
        // quit() waits for commands already sent (publishes of the last writes) to be answered.
        connection.quit().catch(() => connection.disconnect()),
      ),
    );
  }

  private receive(message: string) {
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err }, 'ignored a malformed change message from Redis');
      return;
    }
    if (parsed.origin === this.origin) return;
    this.delivery.deliver(parsed.events);
  }

  private receiveSignal(message: string) {
    let parsed: z.infer<typeof signalMessageSchema>;
    try {
      parsed = signalMessageSchema.parse(JSON.parse(message));
    } catch (err) {
      this.log.warn({ err }, 'ignored a malformed signal message from Redis');
      return;
    }
    if (parsed.origin === this.origin) return;
    this.delivery.deliverSignal(parsed.signal);
  }
}
