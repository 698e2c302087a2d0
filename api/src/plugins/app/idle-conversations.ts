import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../live/write-transaction';
import { findIdleConversationIds } from '../../repositories/idle-conversations';
import { resolveIdleConversation } from '../../services/conversations';

/** Conversations resolved per round of a sweep; the sweep goes on until none is left. */
const sweepBatchSize = 200;

/**
 * Resolves every conversation whose last customer message (or creation) is older than its
 * chatbot's idleTimeoutInMinutes at `now`, each in its own write transaction (reason 'idle',
 * statistics moved). Everything it needs is in the database, so a restart loses nothing, and the
 * UPDATE re-checks the condition, so several instances sweeping at once resolve each
 * conversation once. Returns how many it resolved.
 */
export async function sweepIdleConversations(db: Kysely<Database>, now: Date): Promise<number> {
  let resolved = 0;
  for (;;) {
    const ids = await findIdleConversationIds(db, now, sweepBatchSize);
    let resolvedNow = 0;
    for (const id of ids) {
      if (await writeTransaction(db, (trx) => resolveIdleConversation(trx, id, now)))
        resolvedNow += 1;
    }
    resolved += resolvedNow;
    // A full batch of which another instance resolved none is worth one more look.
    if (ids.length < sweepBatchSize || resolvedNow === 0) return resolved;
  }
}

/** A sweep every `intervalSeconds`, never two at once; stopped when the app closes. */
export class IdleConversationSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      now: () => Date;
      log: FastifyBaseLogger;
      intervalSeconds: number;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep().finally(() => {
        this.running = undefined;
      });
    }, this.options.intervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    const { db, now, log } = this.options;
    try {
      const resolved = await sweepIdleConversations(db, now());
      if (resolved > 0) log.info({ resolved }, 'idle conversations resolved');
    } catch (err) {
      log.error({ err }, 'idle conversations sweep failed');
    }
  }
}

/**
 * The idle timeout of product-spec.md §3 chatbots (idleTimeoutInMinutes): conversations without a customer
 * message for that long are resolved, looked for every IDLE_SWEEP_INTERVAL_SECONDS.
 */
export const idleConversationsPlugin = fp<{ intervalSeconds: number }>(
  async (app, { intervalSeconds }) => {
    const sweeper = new IdleConversationSweeper({
      db: app.db,
      now: app.identity.now,
      log: app.log,
      intervalSeconds,
    });
    app.addHook('onReady', async () => sweeper.start());
    // Before onClose, where the database closes: a sweep under way finishes first.
    app.addHook('preClose', () => sweeper.stop());
  },
  { name: 'idle-conversations', dependencies: ['database', 'identity', 'live'] },
);
