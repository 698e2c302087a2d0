import type { Kysely } from 'kysely';
import { reportConversationCsvHeader, reportConversationCsvLine } from 'shared-sdk';
import type { Report, ReportConversationsQuery, ReportQuery } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { listReportConversations } from './report-conversations';
import { reportFigures } from './report-figures';
import { reportRange, workspaceTimeZone } from './report-range';

/** Rows read per statement while the per-conversation CSV streams. */
const csvBatch = 1000;

/** A report of the query's days in the workspace's zone, beside the period before. */
export async function readReport(
  db: Kysely<Database>,
  workspaceId: string,
  query: ReportQuery,
  now: Date,
): Promise<Report> {
  const range = reportRange(query, await workspaceTimeZone(db, workspaceId), now);
  const figures = await reportFigures(db, workspaceId, range);
  return { ...range, ...figures };
}

/** A drill-down: the conversations behind a day, a heat-map cell or an agent, oldest first. */
export async function readReportConversations(
  db: Kysely<Database>,
  workspaceId: string,
  query: ReportConversationsQuery,
  now: Date,
) {
  const range = reportRange(query, await workspaceTimeZone(db, workspaceId), now);
  const rows = await listReportConversations(db, workspaceId, range, query, {
    limit: query.limit + 1,
  });
  return { conversations: rows.slice(0, query.limit), truncated: rows.length > query.limit };
}

/**
 * The per-conversation CSV of the range, a batch of rows at a time: however many conversations
 * there are, only one batch is held while the file goes out.
 */
export async function* reportConversationsCsv(
  db: Kysely<Database>,
  workspaceId: string,
  query: ReportQuery,
  now: Date,
): AsyncGenerator<string> {
  const range = reportRange(query, await workspaceTimeZone(db, workspaceId), now);
  yield reportConversationCsvHeader;
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await listReportConversations(
      db,
      workspaceId,
      range,
      {},
      { after, limit: csvBatch },
    );
    if (rows.length > 0) yield rows.map(reportConversationCsvLine).join('');
    if (rows.length < csvBatch) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
