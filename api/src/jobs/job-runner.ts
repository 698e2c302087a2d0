import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { randomId } from '../db/random-id';
import type { ChangeFeed } from '../live/change-feed';
import { recordChange, writeTransaction } from '../live/write-transaction';
import type { JobRow } from './job-store';
import { ProgressWriter } from './progress-writer';

/** Why a running job's signal aborted. */
export type StopReason = 'cancelled' | 'deadline' | 'shutdown';

export interface JobContext {
  job: JobRow;
  /** Aborts on cancel, at the deadline, and when the server shuts down; `signal.reason` says which. */
  signal: AbortSignal;
  /** Saves what the job has done so far (shown live); written at most every few hundred ms. */
  reportProgress(progress: Record<string, unknown>): void;
}

/** How a job ended when its handler returned: done, keeping `progress`; `note` says why it stopped early. */
export interface JobOutcome {
  progress?: Record<string, unknown>;
  note?: string | null;
}

export interface JobHandler {
  kind: string;
  /**
   * Runs the job; called again after a restart while it ran (attempts counts the runs), so a
   * handler resumes from what it stored. Throwing fails the job with the error's message.
   */
  run(context: JobContext): Promise<JobOutcome>;
  /** Runs started before the job is failed as interrupted. Default 3. */
  maxAttempts?: number;
  /** What a deadline leaves as the job's note. */
  deadlineNote?: string;
  /**
   * Settles what the job leaves half done when it fails (its handler threw, or it was
   * interrupted too often), in the transaction that records the failure.
   */
  onFailed?(trx: Transaction<Database>, job: JobRow): Promise<void>;
}

export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  handlers: JobHandler[];
  logger: JobLogger;
  changeFeed?: ChangeFeed;
  /** A claimed job belongs to this instance until the lease runs out unrenewed. */
  leaseMs?: number;
  /** How often the queue is looked at when nothing wakes the runner. */
  pollMs?: number;
  /** Jobs this instance runs at once. */
  concurrency?: number;
  /** Least time between two progress writes of one job. */
  progressIntervalMs?: number;
}

/** The message a job gets when it failed for a reason its handler did not name. */
export const interruptedMessage = (attempts: number) =>
  `The job stopped ${attempts} times because the server running it went away; start it again.`;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs the background jobs of the kinds it has handlers for. A job is claimed in a transaction
 * with FOR UPDATE SKIP LOCKED, so on several instances sharing PostgreSQL each job runs once; the
 * claim is a lease the instance renews while the job runs. A job whose lease ran out (its
 * instance crashed or was killed) is claimed again and resumed, or failed once it has been
 * interrupted `maxAttempts` times; on a clean shutdown jobs under way are handed back at once.
 */
export class JobRunner {
  private readonly owner = randomId();
  private readonly running = new Map<string, Running>();
  private readonly handlers: Map<string, JobHandler>;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly progressIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  /** Wakes the runner when the next job queued for later is due, sooner than the next poll. */
  private dueTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private stopped = true;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: JobRunnerOptions) {
    this.handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.concurrency = options.concurrency ?? 2;
    this.progressIntervalMs = options.progressIntervalMs ?? 250;
  }

  start(): void {
    this.stopped = false;
    // A new job (or a cancel) on any instance: look at the queue and the jobs under way now.
    this.unsubscribe = this.options.changeFeed?.subscribe({
      changes: (events) => {
        const jobEvents = events.filter((event) => event.collection === 'jobs');
        if (jobEvents.length === 0) return;
        if (jobEvents.some((event) => event.ids.some((id) => this.running.has(id)))) {
          void this.renewLeases();
        }
        this.wake();
      },
      missed: () => this.wake(),
    });
    this.timer = setInterval(
      () => {
        void this.renewLeases();
        this.wake();
      },
      Math.min(this.pollMs, this.leaseMs / 3),
    );
    this.timer.unref();
    this.wake();
  }

  /** Looks for jobs to claim now. */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        this.wake();
      }
    });
  }

  /** Stops claiming, aborts the jobs under way and hands them back to the queue. */
  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.dueTimer);
    this.unsubscribe?.();
    for (const { controller } of this.running.values()) controller.abort('shutdown');
    await this.pumping;
    await Promise.allSettled([...this.running.values()].map((running) => running.done));
  }

  private async pump(): Promise<void> {
    try {
      while (!this.stopped && this.running.size < this.concurrency) {
        const job = await this.claim();
        if (!job) return await this.wakeWhenDue();
        this.launch(job);
      }
    } catch (err) {
      this.options.logger.error({ err }, 'claiming a background job failed');
    }
  }

  /**
   * A job queued to run later (a webhook's retry after seconds) starts on time, not at the
   * next poll: the earliest one due before that poll sets a timer.
   */
  private async wakeWhenDue(): Promise<void> {
    if (this.pumpAgain) return;
    const next = await this.options.db
      .selectFrom('jobs')
      .select(sql<number>`extract(epoch from min(run_after) - now()) * 1000`.as('waitMs'))
      .where('status', '=', 'queued')
      .where('kind', 'in', [...this.handlers.keys()])
      .where('runAfter', '>', sql<Date>`now()`)
      .executeTakeFirst();
    const waitMs = next?.waitMs === null || next?.waitMs === undefined ? NaN : Number(next.waitMs);
    if (!Number.isFinite(waitMs) || waitMs >= this.pollMs || this.stopped) return;
    clearTimeout(this.dueTimer);
    this.dueTimer = setTimeout(() => this.wake(), Math.max(0, Math.ceil(waitMs)));
    this.dueTimer.unref();
  }

  private claim(): Promise<JobRow | undefined> {
    const kinds = [...this.handlers.keys()];
    return writeTransaction(this.options.db, async (trx) => {
      const candidate = await trx
        .selectFrom('jobs')
        .select(['id', 'status', 'attempts', 'kind', 'workspaceId'])
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('runAfter', '<=', sql<Date>`now()`)]),
            eb.and([eb('status', '=', 'running'), eb('leaseExpiresAt', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('createdAt')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!candidate) return undefined;
      recordChange(trx, {
        collection: 'jobs',
        workspaceId: candidate.workspaceId,
        ids: [candidate.id],
      });
      const maxAttempts = this.handlers.get(candidate.kind)?.maxAttempts ?? 3;
      if (candidate.status === 'running' && candidate.attempts >= maxAttempts) {
        const failed = await trx
          .updateTable('jobs')
          .set({
            status: 'failed',
            error: interruptedMessage(candidate.attempts),
            leaseOwner: null,
            leaseExpiresAt: null,
            finishedAt: sql<Date>`now()`,
            updatedAt: sql<Date>`now()`,
          })
          .where('id', '=', candidate.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.handlers.get(candidate.kind)?.onFailed?.(trx, failed);
        this.options.logger.info({ jobId: candidate.id }, 'background job failed as interrupted');
        // Look again: another job may be waiting behind this one.
        this.pumpAgain = true;
        return undefined;
      }
      return trx
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts: sql<number>`attempts + 1`,
          leaseOwner: this.owner,
          leaseExpiresAt: sql<Date>`now() + ${`${this.leaseMs} milliseconds`}::interval`,
          startedAt: sql<Date>`coalesce(started_at, now())`,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', candidate.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const handler = this.handlers.get(job.kind)!;
    const done = this.execute(job, handler, controller).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, { controller, done });
  }

  private async execute(job: JobRow, handler: JobHandler, controller: AbortController) {
    const { logger } = this.options;
    const deadlineTimer = job.deadlineAt
      ? setTimeout(
          () => controller.abort('deadline'),
          Math.max(0, job.deadlineAt.getTime() - Date.now()),
        )
      : undefined;
    const progress = new ProgressWriter(
      (value) => this.saveProgress(job, value),
      this.progressIntervalMs,
    );
    try {
      const outcome = await handler.run({
        job,
        signal: controller.signal,
        reportProgress: (value) => progress.report(value),
      });
      await progress.flush();
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      if (reason === 'shutdown') return await this.handBack(job, outcome.progress);
      const note = reason === 'deadline' ? (handler.deadlineNote ?? null) : (outcome.note ?? null);
      await this.finish(job, 'done', outcome.progress, note);
    } catch (err) {
      await progress.flush().catch(() => undefined);
      if (controller.signal.reason === 'shutdown') return await this.handBack(job, undefined);
      logger.error({ err, jobId: job.id, kind: job.kind }, 'background job failed');
      const message = err instanceof Error && err.message ? err.message : 'The job failed';
      await this.finish(job, 'failed', undefined, message).catch((finishErr: unknown) =>
        logger.error({ err: finishErr, jobId: job.id }, 'recording a failed job failed'),
      );
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /** Keeps its lease on the jobs under way; one that was cancelled meanwhile is stopped. */
  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    try {
      const ids = [...this.running.keys()];
      const renewed = await this.options.db
        .updateTable('jobs')
        .set({ leaseExpiresAt: sql<Date>`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where('id', 'in', ids)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', this.owner)
        .returning('id')
        .execute();
      const kept = new Set(renewed.map((row) => row.id));
      for (const id of ids) {
        if (!kept.has(id)) this.running.get(id)?.controller.abort('cancelled');
      }
    } catch (err) {
      this.options.logger.error({ err }, 'renewing background job leases failed');
    }
  }

  private saveProgress(job: JobRow, progress: Record<string, unknown>): Promise<void> {
    // Written even once the job is cancelled: what it found before stays with it.
    return writeTransaction(this.options.db, async (trx) => {
      await trx
        .updateTable('jobs')
        .set({ progress: JSON.stringify(progress), updatedAt: sql<Date>`now()` })
        .where('id', '=', job.id)
        .where('leaseOwner', '=', this.owner)
        .execute();
      recordChange(trx, { collection: 'jobs', workspaceId: job.workspaceId, ids: [job.id] });
    });
  }

  private finish(
    job: JobRow,
    status: 'done' | 'failed',
    progress: Record<string, unknown> | undefined,
    error: string | null,
  ): Promise<void> {
    const handler = this.handlers.get(job.kind);
    return writeTransaction(this.options.db, async (trx) => {
      // Apart from the status: a job cancelled while it ran keeps what it found by then.
      if (progress) {
        await trx
          .updateTable('jobs')
          .set({ progress: JSON.stringify(progress) })
          .where('id', '=', job.id)
          .where('leaseOwner', '=', this.owner)
          .execute();
      }
      const finished = await trx
        .updateTable('jobs')
        .set({
          status,
          error,
          leaseOwner: null,
          leaseExpiresAt: null,
          finishedAt: sql<Date>`now()`,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', this.owner)
        .returningAll()
        .executeTakeFirst();
      if (finished && status === 'failed') await handler?.onFailed?.(trx, finished);
      recordChange(trx, { collection: 'jobs', workspaceId: job.workspaceId, ids: [job.id] });
    });
  }

  /** A clean shutdown is not the job's fault: it goes back to the queue, its attempt not counted. */
  private handBack(job: JobRow, progress: Record<string, unknown> | undefined): Promise<void> {
    return writeTransaction(this.options.db, async (trx) => {
      await trx
        .updateTable('jobs')
        .set({
          status: 'queued',
          attempts: sql<number>`greatest(attempts - 1, 0)`,
          leaseOwner: null,
          leaseExpiresAt: null,
          ...(progress ? { progress: JSON.stringify(progress) } : {}),
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('leaseOwner', '=', this.owner)
        .execute();
      recordChange(trx, { collection: 'jobs', workspaceId: job.workspaceId, ids: [job.id] });
    });
  }
}
