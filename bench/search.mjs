// bench/search: search over 1,000,000 messages in 100,000 conversations, and the Customers list
// paged over 100,000 customers, on embedded PGlite and on PostgreSQL (issue 44).
//
// The built api (api/dist) runs on a fresh database migrated by its own migrations. One workspace
// gets 100,000 customers, one conversation each, and ten messages in each conversation (set-based
// inserts with generate_series). A message is 6 to 14 words: a few hundred support words drawn
// with a skew (the first words of the list are in many messages, like "order"), and 5,000 rarer
// ones (product codes, places, names); so a query word is found in a handful to a few thousand
// messages, as in a shop's inbox. One-word queries are drawn with the same skew; three-word
// queries are three words of one message. Each figure is the whole call through app.inject: token, member
// check, query, snippets.
//   - search, one word:    GET /api/user/search?q=<word>
//   - search, three words: GET /api/user/search?q=<w1 w2 w3> (all three must be in a message)
//   - customers list:      GET /api/user/customers, pages by last seen and by name, followed by
//                          their cursors from random places
//   - floor:               GET /api/user/is-admin, an authenticated call that reads one cached row
// The database is ANALYZEd after seeding, as the api's timer (PGlite) or autovacuum would.
// PostgreSQL: a fresh database (--pg-database, default parley_bench_search) on the server of
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
//   node bench/search.mjs [--messages 1000000] [--customers 100000] [--queries 200]
//                         [--no-postgres] [--no-pglite] [--explain]
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of the statements the calls spend their time in
// (the newest matches of a common, a middling and a rare word; a name match; a customers page).
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  apiRequire,
  startBenchApi,
  buildNodePackages,
  format,
  percentile,
  printTable,
  reportFigures,
  seconds,
  timeCells,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    customers: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
    'pg-database': { type: 'string', default: 'parley_bench_search' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const messageCount = Number(values.messages);
const customerCount = Number(values.customers);
const queryCount = Number(values.queries);
const goals = { searchMs: 100, customersMs: 20 };
let allMet = true;

const commonWords = `order delivery refund parcel package return shipping invoice payment card
  account password address tracking number late damaged broken missing wrong size colour exchange
  discount coupon code price charge subscription cancel renew upgrade warranty repair replacement
  store pickup courier label box item product stock available checkout basket email phone call
  help support agent question answer problem issue thanks please today tomorrow week month receipt
  bank transfer paypal voucher gift points loyalty member login reset update change confirm status
  shipped arrived received expected recall kettle toaster blender bicycle helmet jacket shoes boots
  lamp chair table sofa mattress pillow blanket towel charger cable battery screen keyboard mouse`
  .split(/\s+/)
  .filter(Boolean);
const rareWords = Array.from({ length: 5000 }, (_, i) => `sku${(i * 7919).toString(36)}`);
const words = [...commonWords, ...rareWords];
const firstNames = `Ada Alan Grace Linus Margaret Barbara Dennis Ken Frances Edsger Donald John
  Radia Katherine Tim Vint Hedy Annie Mary Claude Sophie Karen Leslie Niklaus Bjarne`.split(/\s+/);
const lastNames = `Lovelace Turing Hopper Torvalds Hamilton Liskov Ritchie Thompson Allen Dijkstra
  Knuth McCarthy Perlman Johnson Berners Cerf Lamarr Easley Keller Shannon Wilson Jones Lamport
  Wirth Stroustrup`.split(/\s+/);

/** A word drawn like the messages draw theirs: index = floor(random^3 × n), common words first. */
function skewedWord() {
  return words[Math.floor(Math.random() ** 3 * words.length)];
}

await buildNodePackages();
const { sql } = apiRequire('kysely');

async function freshPostgres(adminUrl, name) {
  const { Client } = apiRequire('pg');
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`PostgreSQL not measured: ${error.message}`);
    return null;
  } finally {
    await client.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The seeded tables' indexes other than keys, dropped before the load and built again after it,
 * as a restore does: a GIN index built once from sorted entries instead of a million times an
 * entry. Read from the catalogue, so they are the migrations' own.
 */
async function dropSecondaryIndexes(db) {
  const { rows } = await sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid in ('customers'::regclass, 'conversations'::regclass, 'messages'::regclass)
      and not i.indisunique and not i.indisprimary`.execute(db);
  for (const { name } of rows) await sql.raw(`drop index ${name}`).execute(db);
  return rows.map((row) => row.definition);
}

/** Customers, their conversations and messages in set-based statements, a chunk at a time. */
async function seed(db, workspaceId, chatbotId) {
  const wordList = `{${words.join(',')}}`;
  const conversationsPerChunk = 10_000;
  const perConversation = Math.max(1, Math.round(messageCount / customerCount));
  for (let from = 1; from <= customerCount; from += conversationsPerChunk) {
    const to = Math.min(customerCount, from + conversationsPerChunk - 1);
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into customers (id, workspace_id, first_name, last_name, email, visitor_token_hash,
          created_at, updated_at, last_seen_at)
        select 'bench-c' || g, ${workspaceId},
          (${`{${firstNames.join(',')}}`}::text[])[1 + g % ${firstNames.length}],
          (${`{${lastNames.join(',')}}`}::text[])[1 + (g / ${firstNames.length}) % ${lastNames.length}],
          'customer' || g || '@mail.example', md5('bench' || g),
          now() - make_interval(mins => g), now(), now() - make_interval(mins => g)
        from generate_series(${from}::int, ${to}::int) g`.execute(trx);
      await sql`
        insert into conversations (id, workspace_id, chatbot_id, customer_id, status,
          created_at, updated_at)
        select 'bench-v' || g, ${workspaceId}, ${chatbotId}, 'bench-c' || g,
          -- Only the last hour's are still open or pending: older ones the idle sweep would have
          -- resolved, and left open it resolves them during the run, beside the measured calls.
          case when g <= 60 then (array['open','pending'])[1 + g % 2] else 'resolved' end,
          now() - make_interval(mins => g), now() - make_interval(mins => g)
        from generate_series(${from}::int, ${to}::int) g`.execute(trx);
      await sql`
        insert into messages (id, conversation_id, workspace_id, role, sender_id, content, timestamp)
        select 'bench-m' || g || '-' || i, 'bench-v' || g, ${workspaceId},
          (array['user','bot','agent'])[1 + i % 3], 'bench', content,
          now() - make_interval(mins => g) + make_interval(secs => i)
        from generate_series(${from}::int, ${to}::int) g,
          generate_series(1, ${perConversation}) i,
          lateral (
            select string_agg(
              (${wordList}::text[])[1 + floor(power(random(), 3) * ${words.length})::int],
              ' ') as content
            from generate_series(1, 6 + ((g + i) % 9)) w
          ) c`.execute(trx);
    });
    if ((to / conversationsPerChunk) % 2 === 0 || to === customerCount) {
      console.log(`  ${format(to)} conversations, ${format(to * perConversation)} messages`);
    }
  }
}

/** The plans of the statements a search and a customers page spend their time in. */
async function explainQueries(db, workspaceId) {
  const newest = (word) => sql`
    select m.id from messages m
    where m.workspace_id = ${workspaceId}
      and m.search_vector @@ websearch_to_tsquery('english', ${word})
    order by m.timestamp desc limit 200`;
  const statements = [
    ['newest matches, common word', newest(commonWords[0])],
    ['newest matches, middling word', newest(words[commonWords.length])],
    ['newest matches, rare word', newest(words.at(-1))],
    [
      'name match',
      sql`select id from customers
        where workspace_id = ${workspaceId} and 'margret' <% lower(first_name || ' ' ||
          last_name || ' ' || coalesce(email, '')) limit 100`,
    ],
    [
      'customers page by name',
      sql`select * from customers where workspace_id = ${workspaceId} and erased_at is null
        order by first_name, last_name, id limit 26`,
    ],
  ];
  // With the settings the search sets for its transaction (repositories/search.ts).
  await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local random_page_cost = 1.1`.execute(trx);
    await sql`set local pg_trgm.word_similarity_threshold = 0.5`.execute(trx);
    for (const [label, statement] of statements) {
      const { rows } = await sql`explain (analyze, buffers) ${statement}`.execute(trx);
      console.log(`\n${label}:\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  });
}

async function timed(fn) {
  const from = performance.now();
  const result = await fn();
  return { ms: performance.now() - from, result };
}

async function measure(name, databaseUrl) {
  console.log(`\n${name}`);
  const { app, call, close } = await startBenchApi('search', { databaseUrl });
  try {
    const admin = await call('POST', '/api/auth/signup', {
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
      displayName: 'Bench Admin',
      website: 'https://bench.example',
    });
    const token = admin.idToken;
    const [{ workspaceId }] = await call('GET', '/api/user/workspaces', undefined, token);
    const { id: chatbotId } = await app.db
      .selectFrom('chatbots')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    let from = performance.now();
    const indexes = await dropSecondaryIndexes(app.db);
    await seed(app.db, workspaceId, chatbotId);
    console.log(`Seeded in ${seconds(from)} s`);
    from = performance.now();
    for (const definition of indexes) await sql.raw(definition).execute(app.db);
    console.log(`${indexes.length} indexes built again in ${seconds(from)} s`);
    from = performance.now();
    await sql`analyze customers, conversations, messages`.execute(app.db);
    console.log(`ANALYZE took ${seconds(from)} s`);

    const get = (url) => call('GET', url, undefined, token);
    const searchUrl = (q) =>
      `/api/user/search?workspaceId=${workspaceId}&q=${encodeURIComponent(q)}`;
    if (values.explain) await explainQueries(app.db, workspaceId);
    // Warm-up: plans, caches, the module's first calls; not counted.
    for (let i = 0; i < 10; i++) await get(searchUrl(skewedWord()));

    const floor = [];
    for (let i = 0; i < queryCount; i++) {
      floor.push((await timed(() => get(`/api/user/is-admin?workspaceId=${workspaceId}`))).ms);
    }
    const oneWord = [];
    let oneWordHits = 0;
    for (let i = 0; i < queryCount; i++) {
      const { ms, result } = await timed(() => get(searchUrl(skewedWord())));
      oneWord.push(ms);
      oneWordHits += result.hits.length > 0 ? 1 : 0;
    }
    // Three words of one message, in another order: what someone remembers of a conversation.
    const threeWords = [];
    let threeWordHits = 0;
    for (let i = 0; i < queryCount; i++) {
      const n = 1 + Math.floor(Math.random() * customerCount);
      const { content } = await app.db
        .selectFrom('messages')
        .select('content')
        .where('id', '=', `bench-m${n}-1`)
        .executeTakeFirstOrThrow();
      const q = [...new Set(content.split(' '))]
        .sort(() => Math.random() - 0.5)
        .slice(0, 3)
        .join(' ');
      const { ms, result } = await timed(() => get(searchUrl(q)));
      threeWords.push(ms);
      threeWordHits += result.hits.length > 0 ? 1 : 0;
    }
    const customerPages = [];
    for (const sort of ['lastSeen', 'name']) {
      let cursor = null;
      // The first pages in turn, then pages from random places (a cursor of a random customer).
      for (let i = 0; i < queryCount / 4; i++) {
        const url = `/api/user/customers?workspaceId=${workspaceId}&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`;
        const { ms, result } = await timed(() => get(url));
        customerPages.push(ms);
        cursor = result.nextCursor;
      }
      for (let i = 0; i < queryCount / 4; i++) {
        const n = 1 + Math.floor(Math.random() * customerCount);
        const row = await app.db
          .selectFrom('customers')
          .select(['id', 'firstName', 'lastName', 'lastSeenAt'])
          .where('id', '=', `bench-c${n}`)
          .executeTakeFirstOrThrow();
        const values =
          sort === 'lastSeen'
            ? [row.lastSeenAt.toISOString(), row.id]
            : [row.firstName, row.lastName, row.id];
        const randomCursor = Buffer.from(JSON.stringify(values)).toString('base64url');
        const url = `/api/user/customers?workspaceId=${workspaceId}&sort=${sort}&cursor=${randomCursor}`;
        customerPages.push((await timed(() => get(url))).ms);
      }
    }

    const rows = [
      ['search, one word', searchUrl('…'), oneWord, goals.searchMs],
      ['search, three words', searchUrl('…'), threeWords, goals.searchMs],
      ['customers list page', '/api/user/customers', customerPages, goals.customersMs],
      ['floor: is-admin', '/api/user/is-admin', floor, goals.customersMs],
    ];
    printTable(
      ['figure', 'call', 'reads', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p95 ≤ goal'],
      rows.map(([figure, url, times, goal]) => [
        figure,
        url.split('?')[0],
        ...timeCells(times, goal).cells,
      ]),
    );
    console.log(
      `Queries with hits: one word ${oneWordHits}/${queryCount}, three words ${threeWordHits}/${queryCount}`,
    );
    const floorP95 = percentile(
      [...floor].sort((a, b) => a - b),
      95,
    );
    reportFigures(
      rows.slice(0, 3).map(([figure, , times, goal]) => {
        const p95 = percentile(
          [...times].sort((a, b) => a - b),
          95,
        );
        allMet &&= p95 <= goal;
        return {
          figure: `${figure} p95 (${name})`,
          value: `${p95.toFixed(1)} ms`,
          goal: `≤ ${goal} ms`,
          floor: `${floorP95.toFixed(1)} ms`,
          met: p95 <= goal,
        };
      }),
    );
  } finally {
    await close();
  }
}

if (!values['no-pglite']) await measure('PGlite (embedded)', '');
if (!values['no-postgres']) {
  const url = await freshPostgres(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    values['pg-database'],
  );
  if (url) await measure('PostgreSQL', url);
}
process.exitCode = allMet ? 0 : 1;
// A pool's idle clients or a job timer of the closed app must not keep a finished run waiting.
process.exit();
