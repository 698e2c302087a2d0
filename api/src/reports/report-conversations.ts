import { sql, type Kysely } from 'kysely';
import type { ReportConversation, ReportConversationsQuery } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { conversationFacts, firstResponseSeconds, resolutionSeconds } from './conversation-facts';
import type { ReportRange } from './report-range';

export type ConversationFilter = Pick<
  ReportConversationsQuery,
  'day' | 'weekday' | 'hour' | 'agentId'
>;

interface Page {
  /** Rows after this (createdAt, id), in that order. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * The conversations created in the range (and on a day, in a weekday's hour, or taken by an
 * agent, when the filter says so), oldest first: a drill-down's list and the per-conversation
 * CSV, one row each.
 */
export async function listReportConversations(
  db: Kysely<Database>,
  workspaceId: string,
  range: ReportRange,
  filter: ConversationFilter,
  { after, limit }: Page,
): Promise<ReportConversation[]> {
  const zone = range.timeZone;
  const start = sql`(${range.from}::date::timestamp at time zone ${zone})`;
  const finish = sql`((${range.to}::date + 1)::timestamp at time zone ${zone})`;
  const conditions = [
    sql`c.workspace_id = ${workspaceId}`,
    sql`c.created_at >= ${start}`,
    sql`c.created_at < ${finish}`,
  ];
  if (filter.day !== undefined) {
    conditions.push(sql`c.created_at >= (${filter.day}::date::timestamp at time zone ${zone})`);
    conditions.push(
      sql`c.created_at < ((${filter.day}::date + 1)::timestamp at time zone ${zone})`,
    );
  }
  if (filter.weekday !== undefined) {
    conditions.push(
      sql`extract(isodow from c.created_at at time zone ${zone}) = ${filter.weekday}`,
    );
  }
  if (filter.hour !== undefined) {
    conditions.push(sql`extract(hour from c.created_at at time zone ${zone}) = ${filter.hour}`);
  }
  if (filter.agentId !== undefined) {
    conditions.push(sql`c.agent_ids @> jsonb_build_array(${filter.agentId}::text)`);
  }
  if (after) {
    conditions.push(sql`(c.created_at, c.id) > (${after.createdAt}::timestamptz, ${after.id})`);
  }
  const facts = conversationFacts(sql.join(conditions, sql` and `));
  const result = await sql<ReportConversation>`
    select f.id,
      to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      f.channel,
      coalesce(nullif(trim(cu.first_name || ' ' || cu.last_name), ''), cu.email, '') as customer,
      coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as assignee,
      ${firstResponseSeconds} as "firstResponseSeconds",
      ${resolutionSeconds} as "resolutionSeconds",
      f.rating::int as rating,
      (f.resolved_at is not null and f.first_agent_at is null) as "resolvedByBot"
    from (${facts}) f
    join customers cu on cu.id = (f.customer_id collate "C")
    left join users u on u.id = f.assignee_id
    order by f.created_at, f.id
    limit ${limit}
  `.execute(db);
  return result.rows;
}
