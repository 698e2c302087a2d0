import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** Distinct statements given a name; any further ones run unnamed (parsed on every call). */
const maxNamedStatements = 1_000;

/**
 * The pool Kysely reads PostgreSQL through, with each distinct parameterized statement prepared
 * once per connection, by name: PostgreSQL then parses and plans it once instead of on every
 * call. Statements without parameters go as they are, over the simple protocol (a migration
 * script is several statements, which only that protocol takes). The names are bounded: queries
 * built with a varying number of values (`in (…)`) would otherwise add statements without end.
 */
export function preparedStatementsPool(pool: Pool): PostgresPool {
  const names = new Map<string, string>();
  let named = 0;
  const clients = new WeakMap<PoolClient, PostgresPoolClient>();

  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < maxNamedStatements) {
      named += 1;
      name = `parley_${named}`;
      names.set(text, name);
    }
    return name;
  };

  const runNamed = (client: PoolClient, name: string, text: string, values: unknown[]) =>
    client.query({ name, text, values }).catch((err: unknown) => {
      // Another instance's migration changed the columns a prepared statement returns (a
      // `select *`): PostgreSQL refuses it on every connection that prepared it. Under a new
      // name it is prepared afresh at its next call; this call cannot be repeated here, as it
      // may be part of a transaction that has now failed.
      if ((err as { code?: string }).code === '0A000' && names.get(text) === name) {
        named += 1;
        names.set(text, `parley_${named}`);
      }
      throw err;
    });

  const wrap = (client: PoolClient): PostgresPoolClient => ({
    query: ((text: unknown, values?: readonly unknown[]) => {
      if (typeof text !== 'string' || !values || values.length === 0) {
        return client.query(text as string, values as unknown[] | undefined);
      }
      const name = nameOf(text);
      return name ? runNamed(client, name, text, [...values]) : client.query(text, [...values]);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });

  return {
    connect: async () => {
      const client = await pool.connect();
      // One wrapper per connection: Kysely keeps its connection state keyed by the client.
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = wrap(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
