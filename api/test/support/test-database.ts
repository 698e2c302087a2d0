import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseConfig } from '../../src/config';

/** TEST_DATABASE_URL: a PostgreSQL database the user may CREATE DATABASE from. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL || undefined;

async function withAdmin(run: (client: Client) => Promise<unknown>) {
  const client = new Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A database of its own for one test file on TEST_DATABASE_URL's server; drop it after. */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ database: DatabaseConfig; drop: () => Promise<void> }> {
  if (!testPostgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  return {
    database: { kind: 'postgres', url: url.toString() },
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
