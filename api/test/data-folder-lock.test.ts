import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startPglite } from '../src/db/pglite-thread';

// One process per embedded database folder: a second one (a second server, the statistics
// check) is refused with the holder's process id, before it reads a page.

jest.setTimeout(60_000);

describe("the embedded database's folder lock", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'parley-lock-'));
  const dataDir = path.join(root, 'pglite');
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses a folder another running process holds, and takes over one left by a dead one', async () => {
    // Another process, alive, holding the lock.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => other.once('exit', resolve));
    try {
      writeFileSync(
        `${dataDir}.lock`,
        JSON.stringify({ pid: other.pid, command: 'api/dist/server.js', since: 'earlier' }),
      );
      await expect(startPglite({ kind: 'pglite', dataDir })).rejects.toThrow(
        `in use by process ${other.pid} (api/dist/server.js, since earlier)`,
      );
    } finally {
      other.kill('SIGKILL');
      await exited;
    }
    // Killed, it left its lock behind: taken over.
    const thread = await startPglite({ kind: 'pglite', dataDir });
    try {
      // This process holds it now: opening it a second time is refused too.
      await expect(startPglite({ kind: 'pglite', dataDir })).rejects.toThrow(
        `in use by process ${process.pid}`,
      );
      expect((await thread.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await thread.close();
    }
    // Closed, it lets go.
    const again = await startPglite({ kind: 'pglite', dataDir });
    await again.close();
  });
});
