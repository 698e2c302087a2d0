// bench/products: the products list at 100,000 products, delete-by-status of 50,000, and a
// 10,000-row import, on the built api (api/dist) over an embedded PGlite database.
//
// One workspace gets 100,000 products (set-based inserts: half active, half disabled). The list
// is read as the products page's live subscription reads it (one product past the page, which
// tells whether a next page exists): the api's own planQuery and fetchDocs, timed per read.
//   - pages 1–100 opened by offset (`?page=N`, perPage 25), over every product and the active tab;
//   - next and previous page from random positions, by keyset cursor (startAfter);
//   - a search by name or SKU (no goal: it reads every product of the workspace).
// Then DELETE /api/user/products with where { status: disabled } (one transaction), the
// statistics check, and POST /api/user/products-import of 10,000 new rows, then again as updates.
//   node bench/products.mjs [--products 100000] [--pages 100] [--cursors 100] [--import 10000]
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  apiRequire,
  buildNodePackages,
  format,
  printTable,
  seconds,
  signUpBenchAdmin,
  startBenchApi,
  timeCells,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    pages: { type: 'string', default: '100' },
    cursors: { type: 'string', default: '100' },
    import: { type: 'string', default: '10000' },
  },
});
const productCount = Number(values.products);
const pageCount = Number(values.pages);
const cursorCount = Number(values.cursors);
const importCount = Number(values.import);
const perPage = 25;
const targetP95Ms = 10;

await buildNodePackages();
const { sql } = apiRequire('kysely');
const { planQuery, fetchDocs } = apiRequire('./dist/live/live-collections');
const { checkStatistics } = apiRequire('./dist/services/statistics-check');

const { app, call, close } = await startBenchApi('products');
const started = performance.now();

async function timed(query, userId) {
  const from = performance.now();
  const docs = await fetchDocs(app.db, planQuery(query, userId));
  return { ms: performance.now() - from, docs };
}

const cursorOf = (doc) => [doc.createdAt, doc.id];
const reversed = [
  { field: 'createdAt', direction: 'asc' },
  { field: 'id', direction: 'desc' },
];

try {
  const { admin, workspaceId } = await signUpBenchAdmin(call);
  const userId = admin.user.id;
  // 100,000 products and an import on top: only Enterprise includes that many (arranged with
  // sales, so set here as sales would).
  await sql`update workspace_plans set plan = 'enterprise' where workspace_id = ${workspaceId}`.execute(
    app.db,
  );

  let from = performance.now();
  await sql`
    insert into products (workspace_id, id, sku, name, description, status, price_minor, stock,
                          created_at, updated_at)
    select ${workspaceId}, substr(md5(g::text), 1, 20), 'SKU-' || g, 'Product ' || g,
           'A product of the bench', case when g % 2 = 0 then 'active' else 'disabled' end,
           g % 100000, g % 50, ts, ts
    from generate_series(1, ${productCount}::int) g,
         lateral (select now() - g * interval '250 milliseconds' as ts) t
  `.execute(app.db);
  // Seeded as rows, so counted here once; every call after this keeps the counters itself.
  await sql`
    update statistics_shards set
      products_all = (select count(*) from products where workspace_id = ${workspaceId}),
      products_active = (select count(*) from products where workspace_id = ${workspaceId} and status = 'active'),
      products_disabled = (select count(*) from products where workspace_id = ${workspaceId} and status = 'disabled')
    where workspace_id = ${workspaceId} and shard = 0
  `.execute(app.db);
  await sql`analyze products`.execute(app.db);
  console.log(`Seeded ${format(productCount)} products in one workspace in ${seconds(from)} s`);

  const filters = { all: [], active: [{ field: 'status', op: '==', value: 'active' }] };
  const samples = {};
  for (const [name, where] of Object.entries(filters)) {
    const { rows } = await sql`
      select created_at, id from products
      where workspace_id = ${workspaceId} ${where.length ? sql`and status = 'active'` : sql``}
      order by random() limit ${cursorCount}
    `.execute(app.db);
    samples[name] = rows.map((row) => ({ createdAt: row.createdAt.toISOString(), id: row.id }));
  }
  // Warm-up reads, not measured.
  for (let i = 0; i < 5; i++)
    await timed({ collection: 'products', workspaceId, limit: 26 }, userId);

  const results = [];
  let mismatches = 0;
  for (const [name, where] of Object.entries(filters)) {
    const base = { collection: 'products', workspaceId, where, limit: perPage + 1 };
    const offsetTimes = [];
    for (let page = 1; page <= pageCount; page++) {
      const { ms, docs } = await timed({ ...base, offset: (page - 1) * perPage }, userId);
      offsetTimes.push(ms);
      if (page % 25 === 0) {
        const next = await timed({ ...base, startAfter: cursorOf(docs[perPage - 1]) }, userId);
        const byOffset = await timed({ ...base, offset: page * perPage }, userId);
        if (JSON.stringify(next.docs) !== JSON.stringify(byOffset.docs)) mismatches += 1;
      }
    }
    const nextTimes = [];
    const previousTimes = [];
    for (const doc of samples[name]) {
      nextTimes.push((await timed({ ...base, startAfter: cursorOf(doc) }, userId)).ms);
      previousTimes.push(
        (await timed({ ...base, orderBy: reversed, startAfter: cursorOf(doc) }, userId)).ms,
      );
    }
    results.push([`pages 1–${pageCount} by offset`, name, offsetTimes]);
    results.push(['next page by cursor', name, nextTimes]);
    results.push(['previous page by cursor', name, previousTimes]);
  }
  const searchTimes = [];
  for (let i = 0; i < 20; i++) {
    const word = `sku-${1000 + i * 4321}`;
    const where = [{ field: 'search', op: 'contains', value: word }];
    searchTimes.push(
      (await timed({ collection: 'products', workspaceId, where, limit: 26 }, userId)).ms,
    );
  }

  console.log(
    `\nProducts list reads, ${format(productCount)} products, perPage ${perPage} (planQuery + fetchDocs of api/dist; ms)`,
  );
  const rows = results.map(([kind, name, times]) => {
    const { within, cells } = timeCells(times, targetP95Ms);
    return { within, cells: [kind, name, ...cells] };
  });
  const search = timeCells(searchTimes, Infinity);
  printTable(
    ['read', 'products', 'reads', 'p50', 'p95', 'p99', 'max', `p95 ≤ ${targetP95Ms} ms`],
    [
      ...rows.map((row) => row.cells),
      ['search by name or SKU', 'all', ...search.cells.slice(0, -1), '(no goal)'],
    ],
  );
  const allWithin = rows.every((row) => row.within);
  console.log(
    `${allWithin ? 'Every' : 'NOT every'} list read has p95 ≤ ${targetP95Ms} ms; cursor pages matched offset pages: ${mismatches === 0 ? 'yes' : `NO (${mismatches} differ)`}`,
  );

  const disabled = productCount - Math.floor(productCount / 2);
  from = performance.now();
  const deleted = await call(
    'DELETE',
    '/api/user/products',
    { workspaceId, where: { status: 'disabled' } },
    admin.idToken,
  );
  const deleteMs = performance.now() - from;
  from = performance.now();
  const report = await checkStatistics(app.db);
  const checkMs = performance.now() - from;
  console.log(`\nDELETE /api/user/products where status = disabled (${format(disabled)} products)`);
  console.log(
    `  answered ${JSON.stringify(deleted)} in ${deleteMs.toFixed(0)} ms (one transaction)`,
  );
  console.log(
    `  statistics check (${checkMs.toFixed(0)} ms): ${report.differences.length === 0 ? 'no difference' : JSON.stringify(report.differences)}`,
  );

  const importRows = Array.from({ length: importCount }, (_, i) => ({
    sku: `IMPORT-${i}`,
    name: `Imported product ${i}`,
    description: 'A product from a CSV file, with a description of ordinary length.',
    price: (i % 10000) / 100,
    stock: i % 40,
    status: i % 3 === 0 ? 'disabled' : 'active',
  }));
  const imports = [];
  for (const pass of ['new', 'updates']) {
    from = performance.now();
    const counts = await call(
      'POST',
      '/api/user/products-import',
      { workspaceId, products: importRows },
      admin.idToken,
    );
    imports.push({ pass, counts, ms: performance.now() - from });
  }
  const afterImport = await checkStatistics(app.db);
  console.log(
    `\nPOST /api/user/products-import of ${format(importCount)} rows (in chunks, all or nothing)`,
  );
  for (const { pass, counts, ms } of imports) {
    console.log(`  ${pass}: ${JSON.stringify(counts)} in ${ms.toFixed(0)} ms`);
  }
  console.log(
    `  statistics check: ${afterImport.differences.length === 0 ? 'no difference' : JSON.stringify(afterImport.differences)}`,
  );
  console.log(
    `\nbench/products took ${seconds(started)} s; load average (1, 5, 15 min) ${loadavg()
      .map((load) => load.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  process.exitCode =
    allWithin &&
    mismatches === 0 &&
    deleted.deleted === disabled &&
    report.differences.length === 0 &&
    afterImport.differences.length === 0
      ? 0
      : 1;
} finally {
  await close();
}
