// The floor under live delivery on this machine, measured by bench/live.mjs in the same run.
import net from 'node:net';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The floor under any fan-out on this machine: one thread writing a message of a change's size
 * to `count` loopback TCP sockets (no WebSocket, no database), median and p95 over 50 rounds.
 */
export async function rawFanOutMs(count) {
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
