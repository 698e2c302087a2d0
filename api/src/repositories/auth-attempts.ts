import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type AuthAttemptKind = 'failed-login' | 'password-reset';

export interface AttemptWindow {
  kind: AuthAttemptKind;
  /** The lower-cased e-mail address. */
  subject: string;
  windowSeconds: number;
  now: Date;
}

const windowStart = ({ now, windowSeconds }: AttemptWindow) =>
  new Date(now.getTime() - windowSeconds * 1000);

/** Attempts counted in the current window (0 once the window has passed). */
export async function countAuthAttempts(
  db: Kysely<Database>,
  window: AttemptWindow,
): Promise<number> {
  const row = await db
    .selectFrom('authAttempts')
    .select('count')
    .where('kind', '=', window.kind)
    .where('subject', '=', window.subject)
    .where('windowStartedAt', '>', windowStart(window))
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * Counts one attempt and returns the count in the current window, atomically (one upsert), so
 * concurrent requests on several instances cannot both slip under the limit. Pass a transaction.
 */
export async function recordAuthAttempt(
  trx: Kysely<Database>,
  window: AttemptWindow,
): Promise<number> {
  const expired = sql<boolean>`auth_attempts.window_started_at <= ${windowStart(window)}`;
  const row = await trx
    .insertInto('authAttempts')
    .values({ kind: window.kind, subject: window.subject, windowStartedAt: window.now, count: 1 })
    .onConflict((oc) =>
      oc.columns(['kind', 'subject']).doUpdateSet({
        count: sql`case when ${expired} then 1 else auth_attempts.count + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${window.now}::timestamptz else auth_attempts.window_started_at end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  // Rows of long-passed windows are of no use; they go as new attempts arrive.
  await trx
    .deleteFrom('authAttempts')
    .where('kind', '=', window.kind)
    .where('windowStartedAt', '<=', windowStart(window))
    .execute();
  return row.count;
}

export async function clearAuthAttempts(
  trx: Kysely<Database>,
  kind: AuthAttemptKind,
  subject: string,
): Promise<void> {
  await trx
    .deleteFrom('authAttempts')
    .where('kind', '=', kind)
    .where('subject', '=', subject)
    .execute();
}
