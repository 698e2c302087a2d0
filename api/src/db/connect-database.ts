import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import type { Transaction } from 'kysely';
import { Pool } from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseConfig } from '../config';
import { PgliteThreadDialect } from './pglite-dialect';
import { startPglite } from './pglite-thread';
import type { PgliteThread } from './pglite-thread';
import { postgresPool } from './postgres-pool';
import type { Database } from './schema';

export interface DatabaseConnection {
  kind: DatabaseConfig['kind'];
  db: Kysely<Database>;
  /** Runs a multi-statement SQL script (a migration file) inside the open transaction `trx`. */
  runScript(trx: Transaction<Database>, script: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Column names snake_case in SQL, camelCase here. Values inside jsonb columns are left as they
 * are: their keys are data (a user id in messagesSeenCount, a form's field names, a ticket's
 * recipientInfo), not column names.
 */
const camelCase = new CamelCasePlugin({ maintainNestedObjectKeys: true });

/** `pglite`: the embedded database's thread if already started (startPglite) for `config`. */
export async function connectDatabase(
  config: DatabaseConfig,
  log: FastifyBaseLogger,
  pglite?: Promise<PgliteThread>,
): Promise<DatabaseConnection> {
  if (config.kind === 'postgres') return connectPostgres(config.url, log);
  return connectPglite(await (pglite ?? startPglite(config)));
}

function connectPglite(thread: PgliteThread): DatabaseConnection {
  const db = new Kysely<Database>({
    dialect: new PgliteThreadDialect(thread),
    plugins: [camelCase],
  });
  return {
    kind: 'pglite',
    db,
    // While `trx` is open the dialect lets nothing else be sent, so the script runs inside that
    // transaction and nothing can interleave.
    runScript: (_trx, script) => thread.exec(script),
    close: async () => {
      await db.destroy();
      // Kysely closes the client only if it ever connected; the thread must go either way.
      await thread.close();
    },
  };
}

async function connectPostgres(url: string, log: FastifyBaseLogger): Promise<DatabaseConnection> {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    // postgresPool sends a transaction's statements without waiting for each answer.
    pipeline: true,
  });
  // An idle client losing its server emits 'error' on the pool; unhandled, it would crash the process.
  pool.on('error', (err) => log.warn({ err }, 'PostgreSQL idle client error'));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: postgresPool(pool) }),
    plugins: [camelCase],
  });
  return {
    kind: 'postgres',
    db,
    // A query without parameters goes over the simple protocol, which accepts several statements.
    runScript: async (trx, script) => {
      await sql.raw(script).execute(trx);
    },
    close: () => db.destroy(),
  };
}
