// The server side of bench/live.mjs: the real API (built) on PGlite in a temporary folder, plus
// a writer that creates tickets the way the tickets API will: one write transaction each, which
// also updates the statistics and publishes the change after commit.
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const { buildApp } = require('../api/dist/app');
const { loadConfig } = require('../api/dist/config');
const { writeTransaction } = require('../api/dist/live/write-transaction');
const { insertTicket } = require('../api/dist/repositories/tickets');
const { LiveQueries } = require('../api/dist/live/live-queries');

/**
 * Each fan-out of the tickets query this phase: from the commit to the start of its pass, and the
 * pass over every subscriber. A delivery's latency is the first, plus its place in the second,
 * plus the time its client takes to read it.
 */
let fanOuts = [];
const publish = LiveQueries.prototype.publish;
LiveQueries.prototype.publish = async function timedPublish(state, docs, committedAt) {
  const started = Date.now();
  try {
    return await publish.call(this, state, docs, committedAt);
  } finally {
    if (state.plan.collection === 'tickets') {
      fanOuts.push({ toStart: started - committedAt, pass: Date.now() - started });
    }
  }
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-bench-live-')),
    LOG_LEVEL: 'warn',
    INBOUND_SMTP_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // --typing opens a widget conversation per client.
    WIDGET_RATE_LIMIT_PER_MINUTE: '100000',
    WIDGET_WORKSPACE_RATE_LIMIT_PER_MINUTE: '100000',
    WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '100000',
    // Every simulated client comes from 127.0.0.1.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
  const app = await buildApp(config);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

  /** Where the current phase began: how busy the server was meanwhile is reported. */
  let phaseStarted;
  process.on('message', async (message) => {
    if (message.type === 'busy') {
      // The main thread's share of time spent working (the rest waiting for I/O), and the
      // process's CPU time (the database's worker included) per second.
      const { user, system } = process.cpuUsage(phaseStarted.cpu);
      process.send({
        type: 'busy',
        mainThread: performance.eventLoopUtilization(phaseStarted.elu).utilization,
        cpu: (user + system) / 1000 / (Date.now() - phaseStarted.at),
        cpuMs: (user + system) / 1000,
        fanOuts: {
          count: fanOuts.length,
          toStart: [50, 95].map((p) =>
            percentile(
              fanOuts.map((f) => f.toStart),
              p,
            ),
          ),
          pass: [50, 95].map((p) =>
            percentile(
              fanOuts.map((f) => f.pass),
              p,
            ),
          ),
        },
      });
      return;
    }
    if (message.type !== 'write') return;
    const { workspaceId, userId, count, intervalMs, phase } = message;
    const started = Date.now();
    fanOuts = [];
    phaseStarted = {
      elu: performance.eventLoopUtilization(),
      cpu: process.cpuUsage(),
      at: started,
    };
    for (let index = 0; index < count; index += 1) {
      const due = started + index * intervalMs;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await writeTransaction(app.db, (trx) =>
        insertTicket(
          trx,
          {
            type: 'internal',
            workspaceId,
            assigneeId: userId, // bench/live.mjs checks each client gets every write of the phase, in order.
            subject: `Bench ${phase}-${index}`,
          },
          new Date(),
        ),
      );
    }
    process.send({ type: 'written', count, seconds: (Date.now() - started) / 1000 });
  });
  // A clean exit, so that a profile (BENCH_PROFILE) is written.
  process.on('SIGTERM', () => {
    app.close().finally(() => process.exit(0));
  });
  process.send({ type: 'listening' });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
