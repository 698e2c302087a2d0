import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConnection } from './connect-database';

export interface MigrationFile {
  fileName: string;
  version: number;
  name: string;
  checksum: string;
  script: string;
}

/** Two instances starting together serialize on this key (any constant unique to Parley). */
const migrationLockKey = 7_140_231_552;

const fileNamePattern = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_name.sql` files in version order; the same files serve PGlite and PostgreSQL. */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for (const fileName of (await readdir(dir)).sort()) {
    if (!fileName.endsWith('.sql')) continue;
    const match = fileNamePattern.exec(fileName);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file name must look like 0001_name.sql: ${fileName}`);
    }
    // Line endings are normalised so a checkout with CRLF does not look like an edited file.
    const script = (await readFile(path.join(dir, fileName), 'utf8')).replace(/\r\n/g, '\n');
    files.push({
      fileName,
      version: Number(match[1]),
      name: match[2],
      checksum: createHash('sha256').update(script).digest('hex'),
      script,
    });
  }
  for (let i = 1; i < files.length; i++) {
    if (files[i]?.version === files[i - 1]?.version) {
      throw new Error(`Two migration files share version ${files[i]?.version}`);
    }
  }
  return files;
}

/**
 * Applies the files not yet recorded in `schema_migrations`, each in its own transaction under
 * an advisory lock. Returns the versions applied by this call. An applied file whose checksum
 * changed is an error: migrations are append-only, a fix is a new file.
 */
export async function migrate(connection: DatabaseConnection, dir: string): Promise<number[]> {
  const files = await readMigrationFiles(dir);
  const { db } = connection;

  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${migrationLockKey})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
  });

  const applied: number[] = [];
  for (const file of files) {
    const ran = await db.transaction().execute(async (trx) => {
      // Held until commit: a second instance waits here, then sees the row and skips the file.
      await sql`select pg_advisory_xact_lock(${migrationLockKey})`.execute(trx);
      const existing = await trx
        .selectFrom('schemaMigrations')
        .select(['checksum'])
        .where('version', '=', file.version)
        .executeTakeFirst();
      if (existing) {
        if (existing.checksum !== file.checksum) {
          throw new Error(
            `Migration ${file.fileName} was changed after it was applied (checksum mismatch); add a new migration instead`,
          );
        }
        return false;
      }
      await connection.runScript(trx, file.script);
      await trx
        .insertInto('schemaMigrations')
        .values({ version: file.version, name: file.name, checksum: file.checksum })
        .execute();
      return true;
    });
    if (ran) applied.push(file.version);
  }
  return applied;
}
