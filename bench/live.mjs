// bench/live: N WebSocket clients (default 1,000) subscribed to a workspace's tickets while the
// server writes a ticket every few ms. Prints p50/p95/p99 from commit (the server's committedAt)
// to delivery at each client, per write rate, and the fastest rate whose p95 stays within 20 ms.
//   node bench/live.mjs [--clients 1000] [--writes 200] [--intervals 50,20,10,5,2]
// BENCH_PROFILE=1 writes a CPU profile of the server to the system's temp folder (parley-prof).
import { fork } from 'node:child_process';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { build } from '../scripts/build.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    writes: { type: 'string', default: '200' },
    intervals: { type: 'string', default: '50,20,10,5,2' },
    port: { type: 'string', default: '3230' },
  },
});
const clients = Number(values.clients);
const writesPerPhase = Number(values.writes);
const intervals = values.intervals.split(',').map(Number);
const targetP95Ms = 20;
const base = `http://127.0.0.1:${values.port}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function post(path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const changesMarker = Buffer.from('{"type":"changes"');
const committedAtMarker = Buffer.from('"committedAt":');
const addedMarker = Buffer.from('{"type":"added"');

function connect(token, workspaceId, onDelivery) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${values.port}/api/live`);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      // Changes are timed without parsing them: at 1,000 clients in one process, JSON.parse of
      // every delivery would cost the harness more than the server spends sending them.
      if (data.includes(changesMarker)) {
        const at = data.indexOf(committedAtMarker) + committedAtMarker.length;
        const latency = Date.now() - Number(data.toString('latin1', at, data.indexOf('}', at)));
        // Writes that commit together arrive in one message: each added ticket is a delivery.
        for (
          let from = data.indexOf(addedMarker);
          from !== -1;
          from = data.indexOf(addedMarker, from + 1)
        )
          onDelivery(latency);
        return;
      }
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: 'tickets',
            query: {
              collection: 'tickets',
              workspaceId,
              orderBy: [{ field: 'createdAt', direction: 'desc' }],
              limit: 20,
            },
          }),
        );
      } else if (message.type === 'snapshot') {
        resolve(socket);
      } else if (message.type === 'error') {
        reject(new Error(`${message.code}: ${message.message}`));
      }
    });
  });
}

/**
 * The floor under any fan-out on this machine: one thread writing a message of a change's size
 * to `count` loopback TCP sockets (no WebSocket, no database), median and p95 over 50 rounds.
 */
async function rawFanOutMs(count) {
  const accepted = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    accepted.push(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const clientSockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('data', () => {});
        }),
    ),
  );
  while (accepted.length < count) await new Promise((r) => setTimeout(r, 10));
  const message = Buffer.alloc(600, 'x');
  const rounds = [];
  for (let round = 0; round < 50; round += 1) {
    const started = process.hrtime.bigint();
    for (const socket of accepted) socket.write(message);
    rounds.push(Number(process.hrtime.bigint() - started) / 1e6);
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const socket of [...accepted, ...clientSockets]) socket.destroy();
  server.close();
  rounds.sort((a, b) => a - b);
  return { median: percentile(rounds, 50), p95: percentile(rounds, 95) };
}

await build();
const floor = await rawFanOutMs(clients);
console.log(
  `raw loopback fan-out of one 600-byte message to ${clients} sockets from one thread: median ${floor.median.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
);
const server = fork(new URL('./live-server.cjs', import.meta.url), {
  execArgv: process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(tmpdir(), 'parley-prof')}`]
    : [],
  env: { ...process.env, PORT: values.port },
});
const fromServer = (type) =>
  new Promise((resolve) => {
    const listener = (message) => {
      if (message.type !== type) return;
      server.off('message', listener);
      resolve(message);
    };
    server.on('message', listener);
  });

try {
  await fromServer('listening');
  const signup = await post('/api/auth/signup', {
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password-1',
    displayName: 'Bench Agent',
    website: 'https://bench.example',
  });
  const workspaces = await (
    await fetch(`${base}/api/user/workspaces`, {
      headers: { authorization: `Bearer ${signup.idToken}` },
    })
  ).json();
  const workspaceId = workspaces[0].workspaceId;

  let latencies = [];
  const sockets = [];
  const connectStarted = Date.now();
  for (let index = 0; index < clients; index += 50) {
    const batch = Array.from({ length: Math.min(50, clients - index) }, () =>
      connect(signup.idToken, workspaceId, (ms) => latencies.push(ms)),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  console.log(
    `${clients} clients connected and subscribed in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`,
  );
  console.log('interval  writes/s  deliveries      p50     p95     p99     max');

  let sustained = null;
  for (const intervalMs of intervals) {
    latencies = [];
    server.send({
      type: 'write',
      workspaceId,
      userId: signup.user.id,
      count: writesPerPhase,
      intervalMs,
    });
    const { seconds } = await fromServer('written');
    // Let the last deliveries arrive.
    const expected = writesPerPhase * clients;
    const deadline = Date.now() + 10_000;
    while (latencies.length < expected && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const sorted = [...latencies].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    console.log(
      `${String(intervalMs).padStart(5)} ms  ${(writesPerPhase / seconds).toFixed(0).padStart(8)}  ${`${sorted.length}/${expected}`.padStart(14)}  ${[50, 95, 99].map((p) => `${percentile(sorted, p)} ms`.padStart(7)).join(' ')} ${`${sorted.at(-1)} ms`.padStart(7)}`,
    );
    if (sorted.length === expected && p95 <= targetP95Ms)
      sustained = { intervalMs, rate: writesPerPhase / seconds, p95 };
  }
  console.log(
    sustained
      ? `max sustained with p95 ≤ ${targetP95Ms} ms at ${clients} clients: ${sustained.rate.toFixed(0)} writes/s (a write every ${sustained.intervalMs} ms, p95 ${sustained.p95} ms)`
      : `no rate tried kept p95 ≤ ${targetP95Ms} ms at ${clients} clients`,
  );
  for (const socket of sockets) socket.terminate();
  process.exitCode = sustained ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
