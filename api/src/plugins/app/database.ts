import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../../config';
import { connectDatabase } from '../../db/connect-database';
import { startEmbeddedMaintenance } from '../../db/embedded-maintenance';
import { migrate } from '../../db/migrate';
import type { PgliteThread } from '../../db/pglite-thread';
import type { Database } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    databaseKind: DatabaseConfig['kind'];
  }
}

export interface DatabasePluginOptions {
  database: DatabaseConfig;
  migrationsDir: string;
  pglite?: Promise<PgliteThread>;
}

/** Connects, brings the schema up to date, then exposes `app.db`; closes with the app. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { database, migrationsDir, pglite }) => {
    const what = database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL';
    app.log.info(`starting: waiting for ${what}`);
    const started = Date.now();
    const stillWaiting = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      app.log.info(`starting: still waiting for ${what} (${seconds} s)`);
    }, 5_000);
    let connection;
    try {
      connection = await connectDatabase(database, app.log, pglite);
      try {
        const applied = await migrate(connection, migrationsDir);
        app.log.info({ applied, kind: connection.kind }, 'database ready');
      } catch (err) {
        await connection.close();
        throw err;
      }
    } finally {
      clearInterval(stillWaiting);
    }
    app.decorate('db', connection.db);
    app.decorate('databaseKind', connection.kind);
    let stopMaintenance = () => {};
    if (connection.kind === 'pglite') {
      // PGlite runs no autovacuum: without planner statistics the list queries stop using their
      // indexes as tables grow (a deep tickets page goes from milliseconds to a second), and
      // bulk updates leave dead rows (startEmbeddedMaintenance).
      await sql`analyze`.execute(connection.db);
      stopMaintenance = startEmbeddedMaintenance(connection.db, (err, what) =>
        app.log.warn({ err }, `${what} failed`),
      );
    }
    app.addHook('onClose', () => {
      stopMaintenance();
      return connection.close();
    });
  },
  { name: 'database' },
);
