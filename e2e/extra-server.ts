import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

// A server of the built product besides the one Playwright starts, for tests that need their own
// settings or data (a remote's URL, a server to kill).
/** The project's folder, where the built product is. */
export const repo = path.resolve(__dirname, '..');

/** Starts `node api/dist/server.js` on `port` with `env` added to this process's. */
export function startExtraServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn('node', ['api/dist/server.js'], {
    cwd: repo,
    env: { ...process.env, LOG_LEVEL: 'warn', INBOUND_SMTP_PORT: '0', ...env, PORT: String(port) },
    stdio: 'ignore',
  });
}

/**
 * Resolves once the server answers its health check; fails at once if it exits first. A fresh
 * embedded database loads from the build's template in a second or two, more while the other
 * worker's browser tests load both cores.
 */
export async function untilHealthy(port: number, server: ChildProcess) {
  let exited: number | null = null;
  server.on('exit', (code) => {
    exited = code;
  });
  await expect
    .poll(
      async () => {
        if (exited !== null)
          throw new Error(`The server on port ${port} exited with code ${exited}`);
        const health = `http://localhost:${port}/api/health`;
        // A check that hangs (a server still starting may accept and not answer) must not hold
        // the poll past its own timeout.
        return (await fetch(health, { signal: AbortSignal.timeout(2_000) }).catch(() => null))?.ok;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
}

/** Resolves once `child` has ended, by a code or by a signal (then exitCode stays null). */
export const ended = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(null)
      : child.on('exit', resolve),
  );

/**
 * A static host for a remote deployed on its own (another origin, as a CDN would be): serves
 * `folder` on 127.0.0.1:`port` with CORS, revalidated on every use; `requests` lists what it served.
 */
export async function serveRemoteFolder(folder: string, port: number) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const file = path.join(folder, decodeURIComponent(new URL(request.url!, 'http://x').pathname));
    requests.push(request.url!);
    if (!file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
      'content-type': file.endsWith('.json') ? 'application/json' : 'application/javascript',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
