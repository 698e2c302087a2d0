import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema';
import { randomId } from '../db/random-id';
import { recordChange } from '../live/write-transaction';

export type JobRow = Selectable<JobsTable>;

/** A job as its live document shows it: its progress fields beside its state. */
export function toJobDocument(row: JobRow): { id: string } & Record<string, unknown> {
  return {
    ...row.progress,
    id: row.id,
    kind: row.kind,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A job to run in the background, stored in the same transaction as the write that wants it. */
export interface NewJob {
  workspaceId: string;
  kind: string;
  payload: Record<string, unknown>;
  /** What the dashboard shows before the job starts. */
  progress?: Record<string, unknown>;
  /** The job ends at this time, keeping what it found (getLinks: 30 minutes, product-spec.md §9). */
  deadlineAt?: Date;
  /** Not claimed before this time (a retry's wait); now when absent. */
  runAfter?: Date;
}

export async function enqueueJob(trx: Kysely<Database>, job: NewJob): Promise<JobRow> {
  const row = await trx
    .insertInto('jobs')
    .values({
      id: randomId(),
      workspaceId: job.workspaceId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      progress: JSON.stringify(job.progress ?? {}),
      error: null,
      deadlineAt: job.deadlineAt ?? null,
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
      leaseOwner: null,
      leaseExpiresAt: null,
      startedAt: null,
      finishedAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'jobs', workspaceId: job.workspaceId, ids: [row.id] });
  return row;
}

export function findJob(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Cancels a job that has not ended; the instance running it stops when it next looks. */
export async function cancelJob(
  trx: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<JobRow | undefined> {
  const row = await trx
    .updateTable('jobs')
    .set({ status: 'cancelled', finishedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (row) recordChange(trx, { collection: 'jobs', workspaceId, ids: [id] });
  return row ?? findJob(trx, workspaceId, id);
}

/** Cancels the workspace's unfinished jobs of `kind` whose payload has `key` = `value`. */
export async function cancelJobsOf(
  trx: Kysely<Database>,
  workspaceId: string,
  kind: string,
  key: string,
  value: string,
): Promise<void> {
  const rows = await trx
    .updateTable('jobs')
    .set({ status: 'cancelled', finishedAt: sql<Date>`now()`, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .where(sql<boolean>`payload ->> ${key} = ${value}`)
    .returning('id')
    .execute();
  if (rows.length > 0) {
    recordChange(trx, { collection: 'jobs', workspaceId, ids: rows.map((row) => row.id) });
  }
}

/** Whether an unfinished job of `kind` has `key` = `value` in its payload. */
export async function hasUnfinishedJob(
  db: Kysely<Database>,
  workspaceId: string,
  kind: string,
  key: string,
  value: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('kind', '=', kind)
    .where('status', 'in', ['queued', 'running'])
    .where(sql<boolean>`payload ->> ${key} = ${value}`)
    .executeTakeFirst();
  return row !== undefined;
}
