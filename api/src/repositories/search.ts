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
 * Each kind ranks at most this many of its most recent matches: a word found in tens of thousands
 * of messages would otherwise have them all read and ranked; the newest couple of hundred are the
 * ones an agent is after.
 */
const candidatesPerKind = 200;

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
 * nothing. Every condition is on an index's column or repeats its expression (migration 0023).
 */
async function findHits(db: Kysely<Database>, input: SearchInput) {
  const { workspaceId } = input;
  // Written out at each use rather than once in a CTE: the planner then sees the query's words
  // and picks, by their frequency, between the words' index and reading back from the newest.
  const query = sql`websearch_to_tsquery('english', ${input.q})`;
  const filters = conversationFilters(input);
  // The conversation is read only to filter by it: joined for every match, it made the planner
  // read all the workspace's conversations for a word in a few thousand messages.
  const filtered = Boolean(input.status || input.assigneeId || input.rating);
  const messageJoin = filtered ? sql`join conversations c on c.id = m.conversation_id` : sql``;
  const noteJoin = filtered ? sql`join conversations c on c.id = n.conversation_id` : sql``;
  const ticketJoin = filtered ? sql`left join conversations c on c.id = t.conversation_id` : sql``;
  const offset = (input.page - 1) * searchPageSize;
  const { rows } = await sql<HitRow>`
    with candidates as (
      (select 'message' as kind, m.id, m.conversation_id, null::text as ticket_id, m.role,
          m.content as text, m.timestamp as at, m.search_vector as vector
        from messages m ${messageJoin}
        where m.workspace_id = ${workspaceId}
          and m.search_vector @@ ${query} ${filters}
          ${dateFilters(sql`m.timestamp`, input)}
        order by m.timestamp desc limit ${candidatesPerKind})
      union all
      (select 'note', n.id, n.conversation_id, null, null, n.content, n.timestamp,
          to_tsvector('english', n.content)
        from conversation_notes n ${noteJoin}
        where n.workspace_id = ${workspaceId}
          and to_tsvector('english', n.content) @@ ${query} ${filters}
          ${dateFilters(sql`n.timestamp`, input)}
        order by n.timestamp desc limit ${candidatesPerKind})
      union all
      (select 'ticket', t.id, t.conversation_id, t.id, null, t.subject, t.created_at,
          to_tsvector('english', coalesce(t.subject, ''))
        from tickets t ${ticketJoin}
        where t.workspace_id = ${workspaceId}
          and to_tsvector('english', coalesce(t.subject, '')) @@ ${query} ${filters}
          ${dateFilters(sql`t.created_at`, input)}
        order by t.created_at desc limit ${candidatesPerKind})
    ),
    ranked as (
      select kind, id, conversation_id, ticket_id, role, text, at,
        ts_rank_cd(vector, ${query}) as rank
      from candidates
      order by rank desc, at desc, id
      limit ${searchPageSize + 1} offset ${offset}
    )
    select r.kind, r.id, r.conversation_id, r.ticket_id, r.role, r.at,
      ts_headline('english', r.text, ${query},
        case when length(r.text) <= ${wholeTextLength} then ${`${marks}, HighlightAll=true`}
          else ${headlineOptions} end) as headline,
      c.status as conversation_status, u.first_name, u.last_name, u.erased_at
    from ranked r
      left join conversations c on c.id = r.conversation_id
      left join customers u on u.id = c.customer_id
    order by r.rank desc, r.at desc, r.id`.execute(db);
  return rows;
}

function customerName(row: { firstName: string | null; lastName: string | null }) {
  return `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
}

/**
 * What a customer is found by: "first last e-mail" in one text, as its trigram index reads it
 * (migration 0029).
 */
export const customerText = sql`lower(first_name || ' ' || last_name || ' ' || coalesce(email, ''))`;

/** The words of a query that can name a customer: no operators, quotes or excluded words. */
export function nameWords(q: string): string[] {
  return q
    .toLowerCase()
    .replace(/(^|\s)-\S*/g, ' ')
    .split(/[\s"()]+/)
    .filter((word) => word !== 'or' && /[\p{L}\p{N}]{2}/u.test(word))
    .slice(0, maxNameWords);
}
const maxNameWords = 4;

/**
 * How like a word a part of a customer's name or address must be (pg_trgm's word similarity, the
 * share of the word's trigrams found in the text): "margret" is 0.55 like "margaret", "kettle"
 * 0.14 like an address at "mail.example". Set for the statement, so it never depends on the
 * server's settings.
 */
const nameSimilarity = 0.5;
/**
 * A name as common as "Smith" matches thousands of customers: the first this many found by the
 * index are ranked, not all of them.
 */
const customerCandidates = 100;

/**
 * Customers whose name or e-mail address holds the query's words, or nearly: each word is looked
 * up in the customers' trigram index (`<%`); the customers most like all the words come first.
 */
async function findCustomers(trx: Kysely<Database>, workspaceId: string, q: string) {
  const words = nameWords(q);
  if (words.length === 0) return [];
  const matches = words.map((word) => sql`${word} <% ${customerText}`);
  const score = sql.join(
    words.map((word) => sql`word_similarity(${word}, text)`),
    sql` + `,
  );
  const { rows } = await sql<{
    id: string;
    firstName: string;
    lastName: string;
    email: string | null;
    lastSeenAt: Date;
  }>`
    select id, first_name, last_name, email, last_seen_at
    from (
      select id, first_name, last_name, email, last_seen_at, ${customerText} as text
      from customers
      where workspace_id = ${workspaceId} and erased_at is null
        and (${sql.join(matches, sql` or `)})
      limit ${customerCandidates}
    ) candidates
    order by ${score} desc, last_seen_at desc, id
    limit 5`.execute(trx);
  return rows;
}

export async function search(db: Kysely<Database>, input: SearchInput): Promise<SearchResponse> {
  const { hitRows, customerRows } = await db.transaction().execute(async (trx) => {
    // Settings for this transaction alone. Statements are prepared once (db/postgres-pool.ts,
    // db/pglite-worker.js), and after five calls PostgreSQL may keep one plan for every query:
    // the plan then no longer sees the words, and a word in a thousand messages read back from
    // the newest of a million as "order" does. The name match's similarity is the search's own.
    // With the LIMIT of the name match, a row estimate too high (a trigram match's is a guess)
    // made the planner read the customers table from its start, 3 s for words no name holds;
    // without that choice it reads the trigram index, or the last-seen index when most match.
    // The pages a search reads are in memory (PGlite's all are) or on SSD: at the default of a
    // spinning disk, 4, the planner read a word of 3,500 messages in a million back from the
    // newest, 57,000 rows in 150 ms, rather than fetching its 3,500 (50 ms).
    await sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
      set_config('random_page_cost', '1.1', true),
      set_config('pg_trgm.word_similarity_threshold', ${String(nameSimilarity)}, true),
      set_config('enable_seqscan', 'off', true)`.execute(trx);
    return {
      hitRows: await findHits(trx, input),
      customerRows: input.page === 1 ? await findCustomers(trx, input.workspaceId, input.q) : [],
    };
  });
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
