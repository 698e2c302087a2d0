// bench/reports: every report over 100,000 conversations and 1,000,000 messages, in a 30-day
// range, on embedded PGlite and on PostgreSQL, each p95 beside its goal (200 ms) and a floor
// measured in the same run.
//
// The built api (api/dist) on a fresh database of each kind, migrated by its own migrations. One
// workspace (its zone Europe/Paris) gets, by set-based statements over generate_series: 100,000
// customers and conversations spread over the last 365 days, 10 messages each (the customer's
// first, the bot's, for half of them an agent's reply from one of 5 agents), two thirds resolved
// (a status history with its resolution), a third of those rated, a tenth handed over, a fifth by
// e-mail, and 20,000 tickets. The database's own triggers keep each conversation's report facts
// as the rows go in, as they do for the api's writes. Then VACUUM ANALYZE (what the api's timer
// runs on the embedded database, and autovacuum on PostgreSQL: the seeding's updates leave dead
// rows the report's index scans would otherwise visit) and, per database:
//   - GET /api/user/reports?days=30 (every figure of the page, one statement);
//   - GET /api/user/report-conversations for a day, a weekday hour and an agent (drill-downs);
//   - floor: one statement that only counts the range's conversations, the least any report
//     over them reads;
//   - the per-conversation CSV of all 100,000 conversations through a real socket, read as it
//     arrives, with the server's heap growth while it streams.
// PostgreSQL: a fresh database `<name>_bench_reports` beside the database of --postgres-url
// (else BENCH_DATABASE_URL, TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test); the
// seeding time of each database is printed. --no-postgres leaves PostgreSQL out.
//   node bench/reports.mjs [--conversations 100000] [--runs 30] [--postgres-url URL]
//                          [--no-postgres] [--no-pglite] [--explain]
// --explain prints the plan of the report's statement on each database (EXPLAIN ANALYZE).
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
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    port: { type: 'string', default: '3510' },
    'postgres-url': { type: 'string' },
    explain: { type: 'boolean', default: false },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
  },
});
const conversationCount = Number(values.conversations);
const runs = Number(values.runs);
const messagesPerConversation = 10;
const goalP95Ms = 200;
const agentCount = 5;

await buildNodePackages();
// The embedded database answers from a worker thread the api does not wait on: keep the process
// alive while a long statement runs there.
const keepAlive = setInterval(() => {}, 1000);
const { sql } = apiRequire('kysely');

/** The workspace's rows, each kind in set-based statements (chunks keep each statement short). */
async function seed(db, workspaceId, chatbotId, agentIds) {
  const chunk = 25_000;
  const agents = JSON.stringify(agentIds);
  // The idle timeout would resolve the open conversations while the bench runs (on one database
  // sooner than the other): the figures are measured over the rows as seeded.
  await sql`update chatbots set idle_timeout_in_minutes = 0
    where workspace_id = ${workspaceId}`.execute(db);
  for (let from = 1; from <= conversationCount; from += chunk) {
    const to = Math.min(conversationCount, from + chunk - 1);
    // Spread over 365 days back from now, a little busier in the afternoon.
    await sql`
      insert into customers (id, workspace_id, first_name, last_name, visitor_token_hash,
                             chatbot_id, created_at, updated_at)
      select 'bcu' || g, ${workspaceId}, 'Customer', g::text, md5('bench' || g), ${chatbotId},
             now() - (g * ${(365 * 86_400) / conversationCount}::float8) * interval '1 second',
             now()
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
    await sql`
      insert into conversations (id, workspace_id, chatbot_id, customer_id, channel, status,
                                 status_history, agent_ids, messages_count, assignee_id,
                                 rating, rating_comment, rated_at, created_at, updated_at,
                                 bot_answered_at)
      select 'bcv' || g, ${workspaceId}, ${chatbotId}, 'bcu' || g,
             case when g % 5 = 0 then 'email' else 'widget' end,
             case when g % 3 = 0 then 'open' else 'resolved' end,
             jsonb_build_array(jsonb_build_object('status', 'open', 'changedAt', c.at,
                 'changedBy', null, 'reason', 'created'))
               || case when g % 10 = 0 then jsonb_build_array(jsonb_build_object(
                 'status', 'pending', 'changedAt', c.at + interval '5 seconds',
                 'changedBy', null, 'reason', 'not-confident')) else '[]'::jsonb end
               || case when g % 3 <> 0 then jsonb_build_array(jsonb_build_object(
                 'status', 'resolved', 'changedAt', c.at + (g % 7200) * interval '1 second',
                 'changedBy', null, 'reason', 'resolved')) else '[]'::jsonb end,
             case when g % 2 = 0 then jsonb_build_array(${agents}::jsonb ->> (g % ${agentCount}))
               else '[]'::jsonb end,
             ${messagesPerConversation},
             case when g % 2 = 0 then ${agents}::jsonb ->> (g % ${agentCount}) end,
             case when g % 3 = 1 then 1 + g % 5 end,
             case when g % 9 = 1 then 'Thanks, that was quick' end,
             case when g % 3 = 1 then c.at + interval '2 hours' end,
             c.at, c.at + interval '2 hours',
             case when g % 2 = 1 then c.at end
      from generate_series(${from}::int, ${to}::int) g,
           lateral (select now() - (g * ${(365 * 86_400) / conversationCount}::float8)
                      * interval '1 second' as at) c`.execute(db);
    // Ten messages each: the customer's first, then the bot's or (every other conversation)
    // an agent's reply after g % 600 seconds, then the talk goes on.
    await sql`
      insert into messages (id, conversation_id, workspace_id, role, sender_id, content,
                            suggestions, suggestion_choice, timestamp)
      select 'bm' || g || '-' || n, 'bcv' || g, ${workspaceId},
             case when n % 2 = 0 then 'user'
                  when g % 2 = 0 and n >= 1 then 'agent' else 'bot' end,
             case when n % 2 = 0 then 'bcu' || g
                  when g % 2 = 0 and n >= 1 then ${agents}::jsonb ->> (g % ${agentCount})
                  else 'bot' end,
             'Where is my order ' || g || '?',
             case when n = 1 and g % 7 = 0 then '[]'::jsonb end,
             case when n = 1 and g % 7 = 0 then 'pair-1' end,
             c.at + (n * (1 + g % 600)) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g,
           generate_series(0, ${messagesPerConversation - 1}) n,
           lateral (select now() - (g * ${(365 * 86_400) / conversationCount}::float8)
                      * interval '1 second' as at) c`.execute(db);
  }
  await sql`
    insert into tickets (id, workspace_id, type, status, subject, created_at, updated_at, closed_at)
    select 'btk' || g, ${workspaceId}, 'internal',
           case when g % 4 = 0 then 'open' else 'closed' end, 'Call back ' || g,
           now() - g * interval '26 minutes', now() - g * interval '26 minutes',
           case when g % 4 <> 0 then now() - g * interval '26 minutes' + interval '1 day' end
    from generate_series(1, ${conversationCount / 5}::int) g`.execute(db);
  await sql`update chatbots set business_hours = jsonb_set(business_hours, '{timeZone}',
    '"Europe/Paris"') where workspace_id = ${workspaceId}`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

/** The plan of the report's one statement, as the api runs it (EXPLAIN ANALYZE). */
async function explainReport(db, workspaceId) {
  const { reportFigures } = apiRequire('./dist/reports/report-figures');
  const { reportRange } = apiRequire('./dist/reports/report-range');
  const { CompiledQuery } = apiRequire('kysely');
  let node;
  const recording = db.withPlugin({
    transformQuery: (args) => (node = args.node),
    transformResult: async (args) => args.result,
  });
  await reportFigures(
    recording,
    workspaceId,
    reportRange({ days: 30 }, 'Europe/Paris', new Date()),
  );
  const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
  const plan = await db.executeQuery(
    CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters]),
  );
  console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));
}

async function timeRuns(run) {
  for (let i = 0; i < 3; i += 1) await run(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const from = performance.now();
    await run();
    times.push(performance.now() - from);
  }
  return times.sort((a, b) => a - b);
}

/** The per-conversation CSV of every conversation, read from a socket as it streams. */
async function streamCsv(app, token, workspaceId) {
  const address = await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  const response = await fetch(
    `${address}/api/user/report-conversations.csv?workspaceId=${workspaceId}&days=400`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  let lines = 0;
  let bytes = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    bytes += chunk.length;
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  clearInterval(sampler);
  return {
    rows: lines - 1,
    mb: bytes / 1e6,
    ms: performance.now() - started,
    heapGrowthMb: (heapPeak - heapBefore) / 1e6,
  };
}

async function benchDatabase(name, url) {
  const started = performance.now();
  const { app, call, close } = await startBenchApi('reports', { databaseUrl: url });
  try {
    const admin = await call('POST', '/api/auth/signup', {
      email: `bench-reports-${Date.now()}@example.com`,
      password: 'bench-password-1',
      displayName: 'Bench Admin',
      website: 'https://bench.example',
    });
    const token = admin.idToken;
    const [{ workspaceId }] = await call('GET', '/api/user/workspaces', undefined, token);
    const agentIds = [];
    for (let i = 0; i < agentCount; i += 1) {
      const agent = await call('POST', '/api/auth/signup', {
        email: `bench-agent-${i}-${Date.now()}@example.com`,
        password: 'bench-password-1',
        displayName: `Agent ${i}`,
      });
      agentIds.push(agent.user.id);
    }
    await sql`insert into workspace_users (id, workspace_id, user_id, role, status)
      select 'bwu' || n, ${workspaceId}, (${JSON.stringify(agentIds)}::jsonb ->> n), 'agent', 'active'
      from generate_series(0, ${agentCount - 1}) n`.execute(app.db);
    const chatbot = await app.db
      .selectFrom('chatbots')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    await seed(app.db, workspaceId, chatbot.id, agentIds);
    console.log(
      `${name}: ${format(conversationCount)} conversations, ` +
        `${format(conversationCount * messagesPerConversation)} messages seeded in ${seconds(started)} s`,
    );

    const report = await call(
      'GET',
      `/api/user/reports?workspaceId=${workspaceId}&days=30`,
      undefined,
      token,
    );
    console.log(
      `  30 days: ${format(report.current.new)} new, ${format(report.current.resolved)} resolved, ` +
        `first response median ${report.current.firstResponse.medianSeconds} s`,
    );
    if (values.explain) await explainReport(app.db, workspaceId);
    const busiestDay = report.days.reduce((a, b) => (b.new > a.new ? b : a)).day;
    const reads = [
      ['report, 30 days', `/api/user/reports?workspaceId=${workspaceId}&days=30`],
      [
        'drill-down, a day',
        `/api/user/report-conversations?workspaceId=${workspaceId}&days=30&day=${busiestDay}`,
      ],
      [
        'drill-down, a weekday hour',
        `/api/user/report-conversations?workspaceId=${workspaceId}&days=30&weekday=2&hour=15`,
      ],
      [
        'drill-down, an agent',
        `/api/user/report-conversations?workspaceId=${workspaceId}&days=30&agentId=${agentIds[0]}`,
      ],
    ];
    const floorTimes = await timeRuns(() =>
      sql`select count(*) from conversations c
          where c.workspace_id = ${workspaceId}
            and c.created_at >= now() - interval '30 days'`.execute(app.db),
    );
    const floorP95 = percentile(floorTimes, 95);
    console.log(`  floor: p95 ${floorP95.toFixed(1)} ms`);
    const rows = [];
    for (const [figure, url] of reads) {
      const times = await timeRuns(() => call('GET', url, undefined, token));
      const p95 = percentile(times, 95);
      console.log(`  ${figure}: p95 ${p95.toFixed(1)} ms`);
      const met = p95 <= goalP95Ms;
      rows.push([
        figure,
        name,
        percentile(times, 50).toFixed(1),
        p95.toFixed(1),
        `≤ ${goalP95Ms}`,
        floorP95.toFixed(1),
        met ? 'yes' : 'NO',
      ]);
      reportFigures([
        {
          figure: `reports: ${figure}, ${name}`,
          value: `p95 ${p95.toFixed(0)} ms`,
          goal: `p95 ≤ ${goalP95Ms} ms`,
          floor: `${floorP95.toFixed(0)} ms`,
          met,
        },
      ]);
    }
    const csv = await streamCsv(app, token, workspaceId);
    console.log(
      `  per-conversation CSV: ${format(csv.rows)} rows, ${csv.mb.toFixed(1)} MB in ` +
        `${(csv.ms / 1000).toFixed(1)} s; server heap grew at most ${csv.heapGrowthMb.toFixed(1)} MB while it streamed`,
    );
    return { rows, csvRowsOk: csv.rows === conversationCount };
  } finally {
    await close();
  }
}

/** A fresh, empty database beside the one of `adminUrl`; null when no server answers. */
async function freshPostgres(adminUrl) {
  const { Client } = apiRequire('pg');
  const url = new URL(adminUrl);
  const name = `${url.pathname.slice(1) || 'parley'}_bench_reports`.replace(/[^a-z0-9_]/gi, '_');
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
  url.pathname = `/${name}`;
  return url.toString();
}

const databases = values['no-pglite'] ? [] : [{ name: 'pglite', url: '' }];
if (!values['no-postgres']) {
  const url = await freshPostgres(
    values['postgres-url'] ||
      process.env.BENCH_DATABASE_URL ||
      process.env.TEST_DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/test',
  );
  if (url) databases.push({ name: 'postgres', url });
}
const table = [];
let allMet = true;
for (const database of databases) {
  const { rows, csvRowsOk } = await benchDatabase(database.name, database.url);
  table.push(...rows);
  allMet &&= csvRowsOk && rows.every((row) => row.at(-1) === 'yes');
}
console.log('');
printTable(['figure', 'database', 'p50 ms', 'p95 ms', 'goal', 'floor p95 ms', 'met'], table);
clearInterval(keepAlive);
process.exit(allMet ? 0 : 1);
