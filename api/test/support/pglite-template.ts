import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../../src/db/connect-database';
import { migrate, readMigrationFiles } from '../../src/db/migrate';
import { startPglite } from '../../src/db/pglite-thread';

/** Hand the templates' paths from Jest's global setup to every test file of the run. */
const emptyVariable = 'PARLEY_TEST_PGLITE_EMPTY_TEMPLATE';
const migratedVariable = 'PARLEY_TEST_PGLITE_TEMPLATE';

const migrationsDir = path.join(__dirname, '../../migrations');
const silentLog = { info: () => undefined, warn: () => undefined } as unknown as Parameters<
  typeof connectDatabase
>[1];

/** Written beside, then renamed into place, so a run beside this one never reads half a file. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/**
 * Jest's global setup for the API tests, made once and kept in the temporary folder:
 * - the empty cluster initdb leaves (api/scripts/pglite-template.mjs), per PGlite version, which
 *   the migrations' own tests start from;
 * - the same cluster with every migration applied by the app's own `migrate`, per PGlite version
 *   and migration files, which every other in-memory test database starts from. The app still
 *   runs `migrate` when it starts and finds nothing to apply: about 150 databases a run no longer
 *   replay every migration file each (1–2 s apiece on a busy machine).
 */
export default async function createPgliteTemplates(): Promise<void> {
  // Its package.json is not among the package's exports; it sits beside dist/.
  const packageJson = path.join(require.resolve('@electric-sql/pglite'), '../../package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const empty = path.join(os.tmpdir(), `parley-test-pglite-${version}.tar`);
  if (!existsSync(empty)) {
    execFileSync('node', [path.join(__dirname, '../../scripts/pglite-template.mjs'), empty], {
      stdio: 'inherit',
    });
  }
  process.env[emptyVariable] = empty;

  const files = await readMigrationFiles(migrationsDir);
  const schema = createHash('sha256')
    .update(files.map((file) => `${file.fileName}:${file.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  const migrated = path.join(os.tmpdir(), `parley-test-pglite-${version}-schema-${schema}.tar`);
  if (!existsSync(migrated)) {
    const config = { kind: 'pglite' as const, template: empty };
    const thread = startPglite(config);
    const connection = await connectDatabase(config, silentLog, thread);
    try {
      await migrate(connection, migrationsDir);
      await writeWhole(migrated, await (await thread).dump());
    } finally {
      await connection.close();
    }
  }
  process.env[migratedVariable] = migrated;
}

/** The migrated template when the run made one (an API test file run alone has it too). */
export function pgliteTemplate(): string | undefined {
  return process.env[migratedVariable];
}

/** The empty cluster, for the tests of migrations themselves. */
export function emptyPgliteTemplate(): string | undefined {
  return process.env[emptyVariable];
}
