// The server side of bench/api.mjs, one per figure so that nothing of one run warms the next:
//   BENCH_SERVER=api     the real API (built) on PGlite in a temporary folder, or on PostgreSQL
//                        when DATABASE_URL is set
//   BENCH_SERVER=bare    Fastify answering {"ok":true}: the floor of the HTTP stack
//   BENCH_SERVER=insert  Fastify + one INSERT … RETURNING per request, on the API's own PGlite
//                        thread (or a pg pool on DATABASE_URL): the floor of a database write
// Prints nothing; tells the parent { type: 'listening' } once it accepts connections, and answers
// { type: 'usage' } with the number of statements sent to the database so far (every
// client.query of pg; on PGlite every statement posted to its thread, a `begin` that travels with
// the first statement of its transaction counted apart) and the CPU time this process has used
// (ms, every thread's: PGlite's included).
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { createRequire } = require('node:module');

const apiRequire = createRequire(path.join(__dirname, '../api/package.json'));
const Fastify = apiRequire('fastify');
const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL || '';
const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'parley-bench-api-'));

let statements = 0;
/** Counts what reaches the database, below everything of the API's own (pool, dialect, thread). */
function countStatements() {
  if (databaseUrl) {
    const { Client } = apiRequire('pg');
    const query = Client.prototype.query;
    Client.prototype.query = function countedQuery(...args) {
      statements += 1;
      return query.apply(this, args);
    };
  } else {
    const { Worker } = require('node:worker_threads');
    const postMessage = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function countedPostMessage(message, ...rest) {
      if (message?.type === 'query' || message?.type === 'exec') {
        statements += message.begin ? 2 : 1;
      }
      return postMessage.call(this, message, ...rest);
    };
  }
}

async function realApi() {
  const { buildApp } = apiRequire('./dist/app');
  const { loadConfig } = apiRequire('./dist/config');
  return buildApp(
    loadConfig({
      ...process.env,
      DATA_DIR: dataDir ?? '',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      // Requests still in flight when the bench stops the server would each log an error.
      LOG_LEVEL: 'fatal',
      INBOUND_SMTP_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '10000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
      WIDGET_RATE_LIMIT_PER_MINUTE: '10000000',
      WIDGET_WORKSPACE_RATE_LIMIT_PER_MINUTE: '10000000',
      WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '10000000',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    }),
  );
}

function bareFastify() {
  const app = Fastify();
  app.get('/ok', async () => ({ ok: true }));
  return app;
}

async function insertFastify() {
  const app = Fastify();
  const table =
    'CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())';
  const insert = 'INSERT INTO bench_floor (body) VALUES ($1) RETURNING id, created_at';
  let query;
  if (databaseUrl) {
    const { Pool } = apiRequire('pg');
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    await pool.query(table);
    query = (params) => pool.query(insert, params);
    app.addHook('onClose', () => pool.end());
  } else {
    const { startPgliteThread } = apiRequire('./dist/db/pglite-thread');
    const thread = await startPgliteThread(dataDir);
    await thread.exec(table);
    query = (params) => thread.query(insert, params);
    app.addHook('onClose', () => thread.close());
  }
  app.post('/insert', async (request) => {
    const { rows } = await query([JSON.stringify(request.body)]);
    return rows[0];
  });
  return app;
}

async function main() {
  const kind = process.env.BENCH_SERVER;
  countStatements();
  process.on('message', (message) => {
    if (message.type !== 'usage') return;
    const { user, system } = process.cpuUsage();
    process.send({ type: 'usage', statements, cpuMs: (user + system) / 1000 });
  });
  const app =
    kind === 'api' ? await realApi() : kind === 'bare' ? bareFastify() : await insertFastify();
  await app.listen({ port, host: '127.0.0.1' });
  process.on('SIGTERM', () => {
    app.close().finally(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.send({ type: 'listening' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
