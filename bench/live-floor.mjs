// The floor under live delivery on this machine, measured by bench/live.mjs in the same run.
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Run as a child (readersApart): `count` sockets to `port` that read whatever comes. */
if (process.argv[2] === 'readers') {
  const [count, port] = process.argv.slice(3).map(Number);
  for (let index = 0; index < count; index += 1) {
    net.connect(port, '127.0.0.1').on('data', () => {});
  }
}

/**
 * The floor under any fan-out on this machine: one thread writing a message of a change's size
 * to `count` loopback TCP sockets (no WebSocket, no database), median and p95 over 50 rounds.
 * The readers are sockets of the same thread, so they read only between rounds; with
 * `readersApart` they are in another process reading as the data comes, as the clients of a
 * live server do (each write then also wakes its reader).
 */
export async function rawFanOutMs(count, { readersApart = false } = {}) {
  const accepted = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    accepted.push(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const readers = readersApart
    ? fork(fileURLToPath(import.meta.url), ['readers', String(count), String(port)])
    : undefined;
  const clientSockets = readersApart
    ? []
    : await Promise.all(
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
  readers?.kill();
  server.close();
  rounds.sort((a, b) => a - b);
  return { median: percentile(rounds, 50), p95: percentile(rounds, 95) };
}
