import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// A server of the built product besides the one Playwright starts, for tests that need their own
// settings or data (a remote's URL, a server to kill).
/** The project's folder, where the built product is. */
export const repo = path.resolve(__dirname, '..');

/** Starts `node api/dist/server.js` on `port` with `env` added to this process's. */
export function startExtraServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn('node', ['api/dist/server.js'], {
    cwd: repo,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: 'ignore',
  });
}

/**
 * Resolves once the server answers its health check; fails at once if it exits first. A fresh
 * embedded database starts in a few seconds, more while the other worker's browser tests load
 * both cores.
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
        return (await fetch(`http://localhost:${port}/api/health`).catch(() => null))?.ok;
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
