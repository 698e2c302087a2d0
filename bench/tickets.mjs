// bench/tickets: the tickets list at a million tickets, and resolve-all at a hundred thousand.
//
// The built api (api/dist) runs on an embedded PGlite database in a temporary folder, migrated by
// its own migrations. One workspace gets 1,000,000 tickets (set-based inserts with
// generate_series: 30% closed, 1% followed up, a tenth external), another 100,000 open ones.
// The list is read the way a live `tickets` subscription reads it: the api's own planQuery and
// fetchDocs (api/dist/live/live-collections), through the same database thread as the server,
// timing each read (plan, SQL, rows to documents); the WebSocket around it is not part of it.
//   - pages 1–100 opened by offset (`?page=N`), at perPage 10, 25 and 50;
//   - next and previous page from random deep positions, by keyset cursor (startAfter);
//   each over every ticket and over the open ones (where status == open).
// Then PATCH /api/user/resolve-tickets-all on the 100,000 open tickets (app.inject: the whole
// call, one transaction) and the statistics check (api/src/services/statistics-check.ts).
// PGlite runs no autovacuum: the api analyzes it at start and vacuums and analyzes it every 10
// minutes (api/src/plugins/app/database.ts). Without planner statistics the planner guesses a few
// hundred tickets per workspace and picks bitmap scans that read and sort the whole workspace.
// The bench seeds faster than that timer, so it shows a few reads before ANALYZE, then runs the
// ANALYZE that the timer (or autovacuum on PostgreSQL) would, and measures.
//   node bench/tickets.mjs [--tickets 1000000] [--resolve 100000] [--pages 100] [--cursors 100]
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  apiRequire,
  buildNodePackages,
  format,
  percentile,
  printTable,
  seconds,
  signUpBenchAdmin,
  startBenchApi,
  timeCells,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    tickets: { type: 'string', default: '1000000' },
    resolve: { type: 'string', default: '100000' },
    pages: { type: 'string', default: '100' },
    cursors: { type: 'string', default: '100' },
  },
});
const ticketCount = Number(values.tickets);
const resolveCount = Number(values.resolve);
const pageCount = Number(values.pages);
const cursorCount = Number(values.cursors);
const perPages = [10, 25, 50];
const targetP95Ms = 10;

await buildNodePackages();
const { sql, CompiledQuery } = apiRequire('kysely');
const { planQuery, fetchDocs } = apiRequire('./dist/live/live-collections');
const { checkStatistics } = apiRequire('./dist/services/statistics-check');

const { app, call, close } = await startBenchApi('tickets');
const started = performance.now();

/** Inserts `count` tickets into the workspace in set-based statements, and counts them. */
async function seed(workspaceId, count, { allOpen, assigneeId }) {
  const chunk = 250_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await sql`
      insert into tickets (id, workspace_id, type, assignee_id, status, is_followed_up, subject,
                           recipient_info, created_at, updated_at)
      select substr(md5(${workspaceId}::text || g::text), 1, 20), ${workspaceId},
             case when g % 10 = 0 then 'external' else 'internal' end,
             case when g % 4 = 0 then ${assigneeId} end,
             case when ${allOpen}::boolean or g % 10 >= 3 then 'open' else 'closed' end,
             g % 97 = 0,
             case when g % 10 <> 0 then 'Order ' || g || ' arrived damaged' end,
             case when g % 10 <> 0 then jsonb_build_object('firstName', 'Customer', 'lastName',
               g::text, 'email', 'customer' || g || '@example.com') end,
             ts, ts
      from generate_series(${from}::int, ${to}::int) g,
           lateral (select now() - g * interval '250 milliseconds' as ts) t
    `.execute(app.db);
  }
  // Seeded as rows, so counted here once; every call after this keeps the counters itself.
  await sql`
    update statistics_shards set
      tickets_open = (select count(*) from tickets where workspace_id = ${workspaceId} and status = 'open'),
      tickets_closed = (select count(*) from tickets where workspace_id = ${workspaceId} and status = 'closed')
    where workspace_id = ${workspaceId} and shard = 0
  `.execute(app.db);
}

/** The SQL fetchDocs runs for `plan`, with its EXPLAIN (the scan lines). */
async function explain(plan) {
  let captured;
  const capturing = app.db.withPlugin({
    transformQuery: (args) => {
      captured ??= args;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await fetchDocs(capturing, plan);
  const compiled = app.db.getExecutor().compileQuery(captured.node, captured.queryId);
  const { rows } = await app.db.executeQuery(
    CompiledQuery.raw(`explain analyze ${compiled.sql}`, compiled.parameters),
  );
  return rows
    .map((row) => row['QUERY PLAN'])
    .filter((line) => /Scan|Index Cond|Execution Time/.test(line))
    .map((line) => `    ${line.trim()}`)
    .join('\n');
}

async function timed(query, userId) {
  const from = performance.now();
  const docs = await fetchDocs(app.db, planQuery(query, userId));
  return { ms: performance.now() - from, docs };
}

const cursorOf = (doc) => [doc.isFollowedUp, doc.createdAt, doc.id];
const reversed = [
  { field: 'isFollowedUp', direction: 'asc' },
  { field: 'createdAt', direction: 'asc' },
  { field: 'id', direction: 'desc' },
];

try {
  const { admin, workspaceId } = await signUpBenchAdmin(call);
  const userId = admin.user.id;
  const resolveWorkspace = await call(
    'POST',
    '/api/user/workspaces',
    { workspaceName: 'Resolve-all bench', websiteUrl: 'https://resolve.example' },
    admin.idToken,
  );

  let from = performance.now();
  await seed(workspaceId, ticketCount, { allOpen: false, assigneeId: userId });
  console.log(`Seeded ${format(ticketCount)} tickets in one workspace in ${seconds(from)} s`);
  from = performance.now();
  await seed(resolveWorkspace.workspaceId, resolveCount, { allOpen: true, assigneeId: userId });
  console.log(`Seeded ${format(resolveCount)} open tickets in another in ${seconds(from)} s`);

  const filters = {
    all: [],
    open: [{ field: 'status', op: '==', value: 'open' }],
  };
  // Random deep positions: documents anywhere in the list (and in the open list).
  const samples = {};
  for (const [name, where] of Object.entries(filters)) {
    const { rows } = await sql`
      select is_followed_up, created_at, id from tickets
      where workspace_id = ${workspaceId} ${where.length ? sql`and status = 'open'` : sql``}
      order by random() limit ${cursorCount}
    `.execute(app.db);
    samples[name] = rows.map((row) => ({
      isFollowedUp: row.isFollowedUp,
      createdAt: row.createdAt.toISOString(),
      id: row.id,
    }));
  }

  // A few reads first: module and query-plan warm-up, not measured.
  for (let i = 0; i < 5; i++)
    await timed({ collection: 'tickets', workspaceId, limit: 10 }, userId);

  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
  };
  const probe = async () => {
    const deepOffset = [];
    const deepCursor = [];
    for (const doc of samples.all.slice(0, 10)) {
      const query = { collection: 'tickets', workspaceId, limit: 50 };
      deepOffset.push((await timed({ ...query, offset: 99 * 50 }, userId)).ms);
      deepCursor.push((await timed({ ...query, startAfter: cursorOf(doc) }, userId)).ms);
    }
    return `page 100 by offset ${summary(deepOffset)}; deep next page by cursor ${summary(deepCursor)} (perPage 50, 10 reads each)`;
  };
  console.log(`Before ANALYZE: ${await probe()}`);
  from = performance.now();
  await sql`analyze tickets`.execute(app.db);
  console.log(`ANALYZE tickets took ${seconds(from)} s`);

  const results = [];
  let mismatches = 0;
  for (const [name, where] of Object.entries(filters)) {
    for (const perPage of perPages) {
      const base = { collection: 'tickets', workspaceId, where, limit: perPage };
      const offsetTimes = [];
      for (let page = 1; page <= pageCount; page++) {
        const { ms, docs } = await timed({ ...base, offset: (page - 1) * perPage }, userId);
        offsetTimes.push(ms);
        // Paging by cursor from this page lands exactly on the next page by offset.
        if (page % 25 === 0) {
          const next = await timed({ ...base, startAfter: cursorOf(docs.at(-1)) }, userId);
          const byOffset = await timed({ ...base, offset: page * perPage }, userId);
          if (JSON.stringify(next.docs) !== JSON.stringify(byOffset.docs)) mismatches += 1;
        }
      }
      const nextTimes = [];
      const previousTimes = [];
      for (const doc of samples[name]) {
        nextTimes.push((await timed({ ...base, startAfter: cursorOf(doc) }, userId)).ms);
        const previous = await timed(
          { ...base, orderBy: reversed, startAfter: cursorOf(doc) },
          userId,
        );
        previousTimes.push(previous.ms);
      }
      results.push({ kind: `pages 1–${pageCount} by offset`, name, perPage, times: offsetTimes });
      results.push({ kind: 'next page by cursor', name, perPage, times: nextTimes });
      results.push({ kind: 'previous page by cursor', name, perPage, times: previousTimes });
    }
  }

  console.log(
    `\nTickets list reads, ${format(ticketCount)} tickets in the workspace (planQuery + fetchDocs of api/dist; ms)`,
  );
  const rows = results.map(({ kind, name, perPage, times }) => [
    kind,
    name,
    String(perPage),
    ...timeCells(times, targetP95Ms).cells,
  ]);
  printTable(
    ['read', 'tickets', 'perPage', 'reads', 'p50', 'p95', 'p99', 'max', `p95 ≤ ${targetP95Ms} ms`],
    rows,
  );
  const allWithin = rows.every((row) => row.at(-1) === 'yes');
  console.log(
    `${allWithin ? 'Every' : 'NOT every'} kind of read has p95 ≤ ${targetP95Ms} ms; cursor pages matched offset pages: ${mismatches === 0 ? 'yes' : `NO (${mismatches} differ)`}`,
  );

  console.log('\nQuery plans (EXPLAIN ANALYZE of the SQL fetchDocs runs):');
  const deep = samples.all[0];
  const plans = [
    ['page 100 by offset, perPage 50', { offset: 99 * 50 }],
    ['next page by cursor', { startAfter: cursorOf(deep) }],
    ['previous page by cursor', { orderBy: reversed, startAfter: cursorOf(deep) }],
    [
      'next page by cursor, status == open',
      { where: filters.open, startAfter: cursorOf(samples.open[0]) },
    ],
  ];
  for (const [title, query] of plans) {
    const plan = planQuery({ collection: 'tickets', workspaceId, limit: 50, ...query }, userId);
    console.log(`  ${title}:\n${await explain(plan)}`);
  }

  // Resolve-all: the HTTP call, one transaction; the change event it publishes.
  const events = [];
  const stopListening = app.changeFeed.subscribe({
    changes: (batch) => events.push(...batch),
    missed: () => {},
  });
  from = performance.now();
  const resolved = await call(
    'PATCH',
    '/api/user/resolve-tickets-all',
    { workspaceId: resolveWorkspace.workspaceId, where: { field: 'status', value: 'open' } },
    admin.idToken,
  );
  const resolveMs = performance.now() - from;
  await new Promise((resolve) => setImmediate(resolve));
  stopListening();
  const ticketEvents = events.filter((event) => event.collection === 'tickets');

  from = performance.now();
  const report = await checkStatistics(app.db);
  const checkMs = performance.now() - from;
  const statistics = await app.db
    .selectFrom('statistics')
    .select(['workspaceId', 'ticketsOpen', 'ticketsClosed'])
    .where('workspaceId', 'in', [workspaceId, resolveWorkspace.workspaceId])
    .execute();
  const { rows: counted } = await sql`
    select workspace_id, count(*)::int as total from tickets group by workspace_id
  `.execute(app.db);

  console.log(`\nPATCH /api/user/resolve-tickets-all on ${format(resolveCount)} open tickets`);
  console.log(
    `  answered ${JSON.stringify(resolved)} in ${resolveMs.toFixed(0)} ms (one transaction)`,
  );
  console.log(
    `  change events: ${ticketEvents.length} for tickets, ${JSON.stringify(ticketEvents.map(({ collection, ids, manyIds }) => ({ collection, ids, manyIds })))}`,
  );
  for (const row of statistics) {
    const total = counted.find((count) => count.workspaceId === row.workspaceId)?.total ?? 0;
    const which = row.workspaceId === workspaceId ? 'list workspace' : 'resolve workspace';
    console.log(
      `  ${which}: open ${format(row.ticketsOpen)} + closed ${format(row.ticketsClosed)} = ${format(row.ticketsOpen + row.ticketsClosed)}; tickets in the table: ${format(total)}`,
    );
  }
  console.log(
    `  statistics check (${checkMs.toFixed(0)} ms, ${report.workspaces} workspaces, ${report.checked.join(', ')}): ${report.differences.length === 0 ? 'no difference' : JSON.stringify(report.differences)}`,
  );
  console.log(
    `\nbench/tickets took ${seconds(started)} s; load average (1, 5, 15 min) ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  process.exitCode =
    allWithin &&
    mismatches === 0 &&
    report.differences.length === 0 &&
    resolved.changed === resolveCount
      ? 0
      : 1;
} finally {
  await close();
}
