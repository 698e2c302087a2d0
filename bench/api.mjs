// bench/api: the API's throughput and latency in steady state, with 50 keep-alive connections
// (autocannon), on embedded PGlite and on PostgreSQL, each beside its floor measured in the same run:
//   - agent reply        POST /api/user/messages, spread over 100 conversations
//   - widget message     POST /api/widget/messages from 100 visitors, the bot answering each
//                        (30 taught pairs, each message asks one of them)
//   - widget message, waiting for a person: the same from 100 visitors who asked for a person,
//                        so the bot says nothing: the write alone
//   - ticket create      POST /api/user/tickets
//   - authenticated read GET /api/user/workspaces
//   - floors: bare Fastify; Fastify + one INSERT … RETURNING on the same database
// Each figure: a warm-up run (not counted), then a measured run of --duration seconds, and per
// request answered in the measured run: the statements the server sent to its database and the
// CPU time of the server's process (the bot's work, for a widget message, included; PostgreSQL's
// own processes not).
// PostgreSQL: a fresh database (--pg-database, default parley_bench) on the server of
// BENCH_DATABASE_URL (default the machine's, postgres://postgres@127.0.0.1:5432/test);
// --no-postgres leaves it out, --no-pglite the embedded one.
//   node bench/api.mjs [--duration 10] [--warmup 3] [--connections 50] [--no-postgres] [--no-pglite]
//                      [--port 3240] [--pg-database parley_bench]
//                      [--only 'agent reply' [--only …]]
// BENCH_PROFILE=1 writes CPU profiles of the API server to the system's temp folder (parley-prof).
import { fork } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  apiRequire,
  callApi,
  buildNodePackages,
  format,
  percentile,
  printTable,
  reportFigures,
} from './bench-kit.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '3240' },
    'pg-database': { type: 'string', default: 'parley_bench' },
    'no-postgres': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const base = `http://127.0.0.1:${values.port}`;
const goals = {
  pglite: { writes: 1_000, reads: 3_000 },
  postgres: { writes: 2_000, reads: 3_000 },
  p95Ms: 50,
};

function startServer(kind, databaseUrl = '') {
  const server = fork(new URL('./api-server.cjs', import.meta.url), {
    execArgv: process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(tmpdir(), 'parley-prof')}`]
      : [],
    env: { ...process.env, BENCH_SERVER: kind, DATABASE_URL: databaseUrl, PORT: values.port },
  });
  const listening = new Promise((resolve, reject) => {
    server.on('message', (message) => message.type === 'listening' && resolve());
    server.on('exit', (code) => reject(new Error(`bench server (${kind}) exited with ${code}`)));
  });
  const stopped = new Promise((resolve) => server.on('exit', resolve));
  return listening.then(() => ({
    /** Statements sent to the database, and CPU ms used, since the server started. */
    usage: () =>
      new Promise((resolve) => {
        const answer = (message) => {
          if (message.type !== 'usage') return;
          server.off('message', answer);
          resolve({ statements: message.statements, cpuMs: message.cpuMs });
        };
        server.on('message', answer);
        server.send({ type: 'usage' });
      }),
    stop: () => {
      server.kill('SIGTERM');
      return stopped;
    },
  }));
}

const call = (method, url, body, token) => callApi(base, method, url, body, token);

/**
 * Requests per second and latency of `makeRequest` (called for each request: method, path,
 * headers, body) over `seconds`, after a warm-up run, and the statements `server` sent to its
 * database and the CPU time it used per request answered in that time. Any status other than 2xx fails the bench.
 */
async function measure(server, makeRequest, seconds = duration) {
  const run = async (runSeconds) => {
    const times = [];
    let errors = 0;
    const instance = autocannon({
      url: base,
      connections,
      duration: runSeconds,
      requests: [{ setupRequest: (request) => ({ ...request, ...makeRequest() }) }],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 300) errors += 1;
      else times.push(responseTime);
    });
    const result = await instance;
    if (errors || result.errors || result.timeouts) {
      throw new Error(
        `${errors} responses other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    }
    times.sort((a, b) => a - b);
    return {
      rps: times.length / runSeconds,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    };
  };
  if (warmup > 0) await run(warmup);
  const before = await server.usage();
  const result = await run(seconds);
  const after = await server.usage();
  const requests = result.rps * seconds;
  return {
    ...result,
    statementsPerRequest: (after.statements - before.statements) / requests,
    cpuMsPerRequest: (after.cpuMs - before.cpuMs) / requests,
  };
}

/** Hands out the next element of `items` on every call, round robin. */
function rotate(items) {
  let next = 0;
  return () => items[next++ % items.length];
}

const json = (token) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

const taughtPairs = Array.from({ length: 30 }, (_, index) => ({
  question: `How do I reset the setting number ${index + 1} on my order account?`,
  answer: `Open Settings, choose item ${index + 1}, then press Reset.`,
}));
// Questions the bot answers, so that every message is answered and its conversation stays the
// bot's: one it hands over waits for a person from then on, and the bot says nothing more there.
const customerQuestions = [
  'How do I reset the setting number 7 on my order account?',
  'how do I reset the setting number 12 on my order account',
  'How do I reset the setting number 21 on my order account?',
  'How do I reset the setting number 3 on my order account',
];

/** The four API figures on one running server of `database`. */
async function measureApi(server, database) {
  const { idToken: token } = await call('POST', '/api/auth/signup', {
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password-1',
    displayName: 'Bench Agent',
    website: 'https://bench.example',
  });
  const [{ workspaceId }] = await call('GET', '/api/user/workspaces', undefined, token);
  for (const pair of taughtPairs) {
    await call('POST', '/api/user/ai-training-qnas', { workspaceId, topicIds: [], ...pair }, token);
  }
  const openConversation = async () => {
    const { visitorToken } = await call('POST', '/api/widget/sessions', { workspaceId });
    const { conversationId } = await call(
      'POST',
      '/api/widget/messages',
      { content: 'How do I reset the setting number 1 on my order account?' },
      visitorToken,
    );
    return { visitorToken, conversationId };
  };
  const agentSide = [];
  const visitorSide = [];
  for (let index = 0; index < 100; index += 1) agentSide.push(await openConversation());
  for (let index = 0; index < 100; index += 1) visitorSide.push(await openConversation());
  const waitingSide = [];
  for (let index = 0; index < 100; index += 1) {
    const visitor = await openConversation();
    await call('POST', '/api/widget/handoff', undefined, visitor.visitorToken);
    waitingSide.push(visitor);
  }

  const agentBodies = rotate(
    agentSide.map(({ conversationId }) =>
      JSON.stringify({
        workspaceId,
        conversationId,
        role: 'agent',
        content: 'Thanks for waiting: I am looking into it now.',
      }),
    ),
  );
  const visitors = rotate(visitorSide);
  const waitingVisitors = rotate(waitingSide);
  const questions = rotate(customerQuestions);
  let ticketNumber = 0;
  const figures = [
    {
      name: 'agent reply',
      kind: 'writes',
      request: () => ({
        method: 'POST',
        path: '/api/user/messages',
        headers: json(token),
        body: agentBodies(),
      }),
    },
    {
      name: 'widget message + bot reply',
      kind: 'writes',
      request: () => ({
        method: 'POST',
        path: '/api/widget/messages',
        headers: json(visitors().visitorToken),
        body: JSON.stringify({ content: questions() }),
      }),
    },
    {
      name: 'widget message, waiting for a person',
      kind: 'writes',
      request: () => ({
        method: 'POST',
        path: '/api/widget/messages',
        headers: json(waitingVisitors().visitorToken),
        body: JSON.stringify({ content: 'Is anyone there? I am still waiting for an answer.' }),
      }),
    },
    {
      name: 'ticket create',
      kind: 'writes',
      request: () => ({
        method: 'POST',
        path: '/api/user/tickets',
        headers: json(token),
        body: JSON.stringify({
          type: 'internal',
          workspaceId,
          subject: `Call back the customer ${(ticketNumber += 1)}`,
          recipientInfo: {},
          assigneeId: null,
        }),
      }),
    },
    {
      name: 'authenticated read',
      kind: 'reads',
      request: () => ({ method: 'GET', path: '/api/user/workspaces', headers: json(token) }),
    },
  ];
  const results = [];
  for (const figure of figures.filter(({ name }) => !values.only || values.only.includes(name))) {
    results.push({ ...figure, database, ...(await measure(server, figure.request)) });
  }
  return results;
}

async function measureFloors(databaseUrl) {
  const insert = await startServer('insert', databaseUrl);
  try {
    return await measure(insert, () => ({
      method: 'POST',
      path: '/insert',
      headers: json(),
      body: JSON.stringify({ content: 'Thanks for waiting: I am looking into it now.' }),
    }));
  } finally {
    await insert.stop();
  }
}

/** A fresh, empty database `name` on the PostgreSQL server of `adminUrl`; null when none answers. */
async function freshPostgres(adminUrl, name) {
  const { Client } = apiRequire('pg');
  const client = new Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
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

await buildNodePackages();
const databases = values['no-pglite'] ? [] : [{ name: 'pglite', url: '' }];
if (!values['no-postgres']) {
  const url = await freshPostgres(
    process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    values['pg-database'],
  );
  if (url) databases.push({ name: 'postgres', url });
}

console.log(
  `${connections} connections, ${warmup} s warm-up, then ${duration} s measured per figure`,
);
const bare = await startServer('bare');
const bareFloor = await measure(bare, () => ({ method: 'GET', path: '/ok' })).finally(() =>
  bare.stop(),
);
console.log(`floor, bare Fastify: ${format(Math.round(bareFloor.rps))} req/s`);

const rows = [];
let allMet = true;
for (const database of databases) {
  const insertFloor = await measureFloors(database.url);
  console.log(
    `floor, Fastify + one INSERT … RETURNING on ${database.name}: ${format(Math.round(insertFloor.rps))} req/s, ` +
      `${insertFloor.statementsPerRequest.toFixed(2)} statements/request, ` +
      `server CPU ${insertFloor.cpuMsPerRequest.toFixed(2)} ms/request`,
  );
  const api = await startServer('api', database.url);
  let results;
  try {
    results = await measureApi(api, database.name);
  } finally {
    await api.stop();
  }
  for (const result of results) {
    const goal = goals[database.name][result.kind];
    const floor = result.kind === 'writes' ? insertFloor : bareFloor;
    const met = result.rps >= goal && result.p95 <= goals.p95Ms;
    allMet &&= met;
    reportFigures([
      {
        figure: `${result.name}, ${database.name}`,
        value: `${format(Math.round(result.rps))} req/s, p95 ${result.p95.toFixed(0)} ms`,
        goal: `≥ ${format(goal)} req/s, p95 ≤ ${goals.p95Ms} ms`,
        floor: `${format(Math.round(floor.rps))} req/s (${(floor.rps / result.rps).toFixed(1)}×)`,
        met,
      },
    ]);
    rows.push([
      result.name,
      database.name,
      format(Math.round(result.rps)),
      `≥ ${format(goal)}`,
      result.p50.toFixed(0),
      result.p95.toFixed(0),
      `≤ ${goals.p95Ms}`,
      format(Math.round(floor.rps)),
      `${(floor.rps / result.rps).toFixed(1)}×`,
      result.statementsPerRequest.toFixed(2),
      result.cpuMsPerRequest.toFixed(2),
      met ? 'yes' : 'NO',
    ]);
  }
}
console.log('');
printTable(
  [
    'figure',
    'database',
    'req/s',
    'goal',
    'p50 ms',
    'p95 ms',
    'goal',
    'floor req/s',
    'floor ÷ figure',
    'statements/req',
    'CPU ms/req',
    'met',
  ],
  rows,
);
process.exitCode = allMet ? 0 : 1;
