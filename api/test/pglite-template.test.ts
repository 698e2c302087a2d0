import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../src/db/connect-database';
import type { DatabaseConnection } from '../src/db/connect-database';
import { startPglite } from '../src/db/pglite-thread';
import { appStartTimeoutMs, buildTestApp, testPgliteDatabase } from './support/build-test-app';
import { pgliteTemplate } from './support/pglite-template';

const silentLog = { warn: () => undefined } as unknown as Parameters<typeof connectDatabase>[1];
const folder = mkdtempSync(path.join(os.tmpdir(), 'parley-template-'));
const template = path.join(folder, 'marked.tar');

async function markers(connection: DatabaseConnection): Promise<string[]> {
  const { rows } = await sql<{ note: string }>`select note from marker order by note`.execute(
    connection.db,
  );
  return rows.map((row) => row.note);
}

// A new embedded database is loaded from the template instead of running initdb; one that exists
// is opened as it is. The template here holds a table, so it shows which of the two happened.
describe('a PGlite database started from a template', () => {
  beforeAll(() => {
    const script = `
      const { PGlite } = require('@electric-sql/pglite');
      const { readFileSync, writeFileSync } = require('node:fs');
      (async () => {
        // From the run's own template when there is one: initdb is the slow part.
        const from = process.argv[2];
        const pglite = await PGlite.create({
          loadDataDir: from ? new Blob([readFileSync(from)]) : undefined,
        });
        await pglite.exec("create table marker (note text); insert into marker values ('template')");
        const dump = await pglite.dumpDataDir('none');
        writeFileSync(process.argv[1], Buffer.from(await dump.arrayBuffer()));
        await pglite.close();
      })();`;
    execFileSync('node', ['-e', script, template, pgliteTemplate() ?? ''], { cwd: __dirname });
  }, appStartTimeoutMs);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it(
    'loads a new folder from it, then reopens that folder with what was written since',
    async () => {
      const database = { kind: 'pglite' as const, dataDir: path.join(folder, 'pglite'), template };
      const first = await connectDatabase(database, silentLog);
      expect(await markers(first)).toEqual(['template']);
      await sql`insert into marker values ('written')`.execute(first.db);
      await first.close();

      const again = await connectDatabase(database, silentLog);
      expect(await markers(again)).toEqual(['template', 'written']);
      await again.close();
    },
    appStartTimeoutMs,
  );

  it(
    'loads a database in memory from it',
    async () => {
      const connection = await connectDatabase({ kind: 'pglite', template }, silentLog);
      expect(await markers(connection)).toEqual(['template']);
      await connection.close();
    },
    appStartTimeoutMs,
  );

  it(
    'starts an empty cluster when the template file is missing',
    async () => {
      const missing = path.join(folder, 'missing.tar');
      const connection = await connectDatabase({ kind: 'pglite', template: missing }, silentLog);
      const { rows } = await sql<{ found: string | null }>`
        select to_regclass('marker')::text as found`.execute(connection.db);
      expect(rows).toEqual([{ found: null }]);
      await connection.close();
    },
    appStartTimeoutMs,
  );
});

// The server starts the embedded database's thread before it loads the app (server.ts): the
// app must run on that thread and close it, not start a second one.
describe('an embedded database thread started before the app', () => {
  it(
    'is the one the app uses and closes',
    async () => {
      const thread = startPglite(testPgliteDatabase());
      const app = await buildTestApp({}, { pglite: thread });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const { rows } = await (
          await thread
        ).query<{ count: number }>(
          "select count(*)::int as count from information_schema.tables where table_name = 'users'",
        );
        expect(rows).toEqual([{ count: 1 }]);
      } finally {
        await app.close();
      }
      await expect((await thread).query('select 1')).rejects.toThrow('closed');
    },
    appStartTimeoutMs,
  );
});
