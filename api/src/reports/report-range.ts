import type { Kysely } from 'kysely';
import { reportDayCount, type ReportQuery } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';

export interface ReportRange {
  timeZone: string;
  /** Local days, YYYY-MM-DD, both ends included. */
  from: string;
  to: string;
  /** The period of the same length just before. */
  previousFrom: string;
  previousTo: string;
}

const dayMs = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The local day `at` falls on in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The workspace's time zone: the one its admins set for their first chatbot's business hours
 * (Settings › Customize), the only place a workspace says where it works; UTC when unset.
 */
export async function workspaceTimeZone(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<string> {
  const row = await db
    .selectFrom('chatbots')
    .select('businessHours')
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.businessHours.timeZone ?? 'UTC';
}

/** The query's days in the workspace's zone (the last `days` end today, by `now`). */
export function reportRange(
  query: Pick<ReportQuery, 'from' | 'to' | 'days'>,
  timeZone: string,
  now: Date,
): ReportRange {
  const to = query.days !== undefined ? localDay(now, timeZone) : query.to!;
  const from = query.days !== undefined ? addDays(to, 1 - query.days) : query.from!;
  const length = reportDayCount(from, to);
  return {
    timeZone,
    from,
    to,
    previousFrom: addDays(from, -length),
    previousTo: addDays(from, -1),
  };
}
