import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  searchPageSize,
  type CustomerHit,
  type SearchHit,
  type SearchResponse,
  type SnippetPart,
} from 'shared-sdk/schemas';
import type { Database } from '../db/schema';

export interface SearchInput {
  workspaceId: string;
  q: string;
  status?: 'open' | 'pending' | 'resolved';
  assigneeId?: string;
  from?: string;
  to?: string;
  rating?: number;
  page: number;
}

// ts_headline marks the found words with these private-use characters; the snippet is then cut
// into parts, so the page highlights words without ever reading markup from the database.
const startSel = '\uE000';
const stopSel = '\uE001';
const marks = `StartSel=${startSel}, StopSel=${stopSel}`;
const headlineOptions = `${marks}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
/** A text this short is shown whole: cut to its fragments it would lose its first and last words. */
const wholeTextLength = 240;

/**
 * Each kind ranks at most this many of its most recent matches. Ranking recomputes a text's
 * vector (the index is on an expression, so the messages' rows carry no stored vector), so a word
 * found in tens of thousands of messages would otherwise cost a second; the newest few hundred
 * are the ones an agent is after.
 */
const candidatesPerKind = 500;

/** How close a misspelled name or address must be (pg_trgm word similarity, 0 to 1). */
const nameSimilarity = '0.5';

export function toSnippet(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  for (const char of headline) {
    if (char === startSel || char === stopSel) {
      if (text) parts.push({ text, match });
      text = '';
      match = char === startSel;
    } else {
      text += char;
    }
  }
  if (text) parts.push({ text, match });
  return parts;
}

/** The conversation filters, on the hit's conversation `c` (hits without one fail them). */
function conversationFilters(input: SearchInput): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (input.status) conditions.push(sql`c.status = ${input.status}`);
  if (input.assigneeId) conditions.push(sql`c.assignee_id = ${input.assigneeId}`);
  if (input.rating) conditions.push(sql`c.rating = ${input.rating}`);
  return conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`;
}

/** The date filters: `to` is a day included whole when given as a date. */
function dateFilters(at: RawBuilder<unknown>, input: SearchInput): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (input.from) conditions.push(sql`${at} >= ${input.from}::timestamptz`);
  if (input.to) {
    conditions.push(
      input.to.length === 10
        ? sql`${at} < ${input.to}::date + 1`
        : sql`${at} <= ${input.to}::timestamptz`,
    );
  }
  return conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`;
}

interface HitRow {
  kind: SearchHit['kind'];
  id: string;
  conversationId: string | null;
  ticketId: string | null;
  role: SearchHit['role'];
  at: Date;
  headline: string;
  conversationStatus: SearchHit['conversationStatus'];
  firstName: string | null;
  lastName: string | null;
  erasedAt: Date | null;
}

/**
 * Messages (customer, agent and bot), members' notes and ticket subjects of one workspace that
 * match the query, best first. `websearch_to_tsquery` reads the query as a person types it
 * ("a phrase", -word, or) and never fails: symbols alone make an empty query, which matches
 * nothing. Every condition repeats an index's expression exactly (migration 0023).
 */
async function findHits(db: Kysely<Database>, input: SearchInput) {
  const { workspaceId } = input;
  const query = sql`websearch_to_tsquery('english', ${input.q})`;
  const filters = conversationFilters(input);
  const offset = (input.page - 1) * searchPageSize;
  const { rows } = await sql<HitRow>`
    with q as (select ${query} as query),
    candidates as (
      (select 'message' as kind, m.id, m.conversation_id, null::text as ticket_id, m.role,
          m.content as text, m.timestamp as at
        from messages m join conversations c on c.id = m.conversation_id, q
        where m.workspace_id = ${workspaceId}
          and to_tsvector('english', m.content) @@ q.query ${filters}
          ${dateFilters(sql`m.timestamp`, input)}
        order by m.timestamp desc limit ${candidatesPerKind})
      union all
      (select 'note', n.id, n.conversation_id, null, null, n.content, n.timestamp
        from conversation_notes n join conversations c on c.id = n.conversation_id, q
        where n.workspace_id = ${workspaceId}
          and to_tsvector('english', n.content) @@ q.query ${filters}
          ${dateFilters(sql`n.timestamp`, input)}
        order by n.timestamp desc limit ${candidatesPerKind})
      union all
      (select 'ticket', t.id, t.conversation_id, t.id, null, t.subject, t.created_at
        from tickets t left join conversations c on c.id = t.conversation_id, q
        where t.workspace_id = ${workspaceId}
          and to_tsvector('english', coalesce(t.subject, '')) @@ q.query ${filters}
          ${dateFilters(sql`t.created_at`, input)}
        order by t.created_at desc limit ${candidatesPerKind})
    ),
    ranked as (
      select candidates.*, ts_rank_cd(to_tsvector('english', text), q.query) as rank
      from candidates, q
      order by rank desc, at desc, id
      limit ${searchPageSize + 1} offset ${offset}
    )
    select r.kind, r.id, r.conversation_id, r.ticket_id, r.role, r.at,
      ts_headline('english', r.text, q.query,
        case when length(r.text) <= ${wholeTextLength} then ${`${marks}, HighlightAll=true`}
          else ${headlineOptions} end) as headline,
      c.status as conversation_status, u.first_name, u.last_name, u.erased_at
    from ranked r cross join q
      left join conversations c on c.id = r.conversation_id
      left join customers u on u.id = c.customer_id
    order by r.rank desc, r.at desc, r.id`.execute(db);
  return rows;
}

function customerName(row: { firstName: string | null; lastName: string | null }) {
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
}

/**
 * Customers whose name or e-mail address holds the query's words, or nearly (a letter missing,
 * swapped or wrong): trigram word similarity, read along the trigram index. The threshold is the
 * operator's setting, so it is set for this transaction only.
 */
async function findCustomers(db: Kysely<Database>, workspaceId: string, q: string) {
  const words = q.replace(/["()]|(^|\s)-\S*/g, ' ').trim();
  if (!/[\p{L}\p{N}]/u.test(words)) return [];
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${nameSimilarity}, true)`.execute(
      trx,
    );
    const text = sql`(first_name || ' ' || last_name || ' ' || coalesce(email, ''))`;
    const { rows } = await sql<{
      id: string;
      firstName: string;
      lastName: string;
      email: string | null;
      lastSeenAt: Date;
    }>`
      select id, first_name, last_name, email, last_seen_at
      from customers
      where workspace_id = ${workspaceId} and erased_at is null and ${words} <% ${text}
      order by word_similarity(${words}, ${text}) desc, last_seen_at desc, id
      limit 5`.execute(trx);
    return rows;
  });
}

export async function search(db: Kysely<Database>, input: SearchInput): Promise<SearchResponse> {
  const hitRows = await findHits(db, input);
  const customerRows = input.page === 1 ? await findCustomers(db, input.workspaceId, input.q) : [];
  const customers: CustomerHit[] = customerRows.map((row) => ({
    id: row.id,
    name: customerName(row),
    email: row.email,
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
  const hits: SearchHit[] = hitRows.slice(0, searchPageSize).map((row) => ({
    kind: row.kind,
    id: row.id,
    conversationId: row.conversationId,
    ticketId: row.ticketId,
    role: row.role,
    customerName: row.conversationId && !row.erasedAt ? customerName(row) : null,
    conversationStatus: row.conversationStatus,
    snippet: toSnippet(row.headline),
    timestamp: row.at.toISOString(),
  }));
  return { customers, hits, page: input.page, hasMore: hitRows.length > searchPageSize };
}
