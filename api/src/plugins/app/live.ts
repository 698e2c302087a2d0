import fastifyWebsocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { LiveConfig } from '../../config';
import type { ChangeFeed } from '../../live/change-feed';
import { InProcessChangeFeed } from '../../live/change-feed';
import { LiveServer } from '../../live/live-server';
import { RedisChangeFeed } from '../../live/redis-change-feed';
import { attachChangeFeed, detachChangeFeed } from '../../live/write-transaction';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where committed writes are announced (writeTransaction publishes to it). */
    changeFeed: ChangeFeed;
    /** The live connections and queries of GET /api/live. */
    live: LiveServer;
  }
}

/** Client messages are small (a query); anything larger is refused by the socket. */
const maxMessageBytes = 64 * 1024;

/**
 * Live queries (architecture "Data and live updates"): the WebSocket server, the change feed
 * (in process, or Redis pub/sub with REDIS_URL so several instances on one PostgreSQL database
 * hear each other's writes) and the queries it feeds. Closes sockets, queries and the feed's
 * connections with the app.
 */
export const livePlugin = fp<{ live: LiveConfig }>(
  async (app, { live }) => {
    const feed: ChangeFeed = live.redisUrl
      ? await RedisChangeFeed.connect({
          url: live.redisUrl,
          channel: `${live.redisChannelPrefix}live-changes`,
          log: app.log,
        })
      : new InProcessChangeFeed((err) => app.log.error({ err }, 'live change listener failed'));
    app.log.info({ feed: live.redisUrl ? 'redis' : 'in-process' }, 'live change feed ready');

    const server = new LiveServer({
      db: app.db,
      identity: app.identity,
      feed,
      log: app.log,
      authTimeoutMs: live.authTimeoutMs,
    });
    attachChangeFeed(app.db, feed);
    app.decorate('changeFeed', feed);
    app.decorate('live', server);

    // Before onClose, where the database closes: reads under way finish first. Sockets close
    // with 1001 (going away), which tells clients to reconnect.
    app.addHook('preClose', async () => {
      await server.close();
    });
    app.addHook('onClose', async () => {
      detachChangeFeed(app.db);
      await feed.close();
    });

    // After the hooks above: its own preClose (closing sockets without a code) comes second.
    await app.register(fastifyWebsocket, { options: { maxPayload: maxMessageBytes } });
  },
  { name: 'live', dependencies: ['database', 'identity'] },
);
