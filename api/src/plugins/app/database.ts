import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../../config';
import { connectDatabase } from '../../db/connect-database';
import { migrate } from '../../db/migrate';
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
}

/** Connects, brings the schema up to date, then exposes `app.db`; closes with the app. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { database, migrationsDir }) => {
    const connection = await connectDatabase(database, app.log);
    try {
      const applied = await migrate(connection, migrationsDir);
      app.log.info({ applied, kind: connection.kind }, 'database ready');
    } catch (err) {
      await connection.close();
      throw err;
    }
    app.decorate('db', connection.db);
    app.decorate('databaseKind', connection.kind);
    app.addHook('onClose', () => connection.close());
  },
  { name: 'database' },
);
