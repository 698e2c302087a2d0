import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type { Pool, PoolClient } from 'pg';

/** Distinct statements given a name; any further ones run unnamed (parsed on every call). */
const maxNamedStatements = 1_000;

/** What Kysely's PostgresDriver sends to open and to end a transaction. */
const opensTransaction = /^(begin|start transaction)\b/;
const endsTransaction = new Set(['commit', 'rollback']);

/** The answer to a statement that needed no sending. */
const unsent = (command: string) => Promise.resolve({ command, rowCount: null, rows: [] });

type Query = (text: string, values?: readonly unknown[]) => Promise<unknown>;

/** pg's socket, to write a transaction's opening and its first statement together. */
const socketOf = (client: PoolClient) =>
  (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } }).connection
    ?.stream;

/**
 * The pool Kysely reads PostgreSQL through. `pool` must be made with `pipeline: true` (pg sends a
 * statement without waiting for the answer to the one before); a write then waits on two round
 * trips fewer than Kysely alone would make it:
 * - A transaction's `begin` is not sent on its own: it goes with the transaction's first
 *   statement, in one write, and that statement's answer also reports the `begin`'s failure. A
 *   transaction that ends before any statement sends nothing at all.
 * - The connection goes back to the pool as soon as its `commit` or `rollback` is sent: the next
 *   transaction's statements follow it on the connection, which runs them in order, instead of
 *   waiting for its answer to come back. The caller still waits for that answer, and a commit
 *   that fails has ended its transaction on the server: nothing more is sent for it.
 * - Each distinct parameterized statement is prepared once per connection, by name: PostgreSQL
 *   then parses and plans it once instead of on every call. Statements without parameters go as
 *   they are, over the simple protocol (a migration script is several statements, which only that
 *   protocol takes). The names are bounded: queries built with a varying number of values
 *   (`in (…)`) would otherwise add statements without end.
 */
export function postgresPool(pool: Pool): PostgresPool {
  const names = new Map<string, string>();
  let named = 0;

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

  const send = (client: PoolClient, text: string, values?: readonly unknown[]) => {
    if (!values || values.length === 0) return client.query(text, values as unknown[]);
    const name = nameOf(text);
    return name ? runNamed(client, name, text, [...values]) : client.query(text, [...values]);
  };

  /** One use of a connection, from `connect` to `release`. */
  const checkout = (client: PoolClient): PostgresPoolClient => {
    let opening: string | undefined;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      client.release();
    };
    const query: Query = (text, values) => {
      // Kysely rolls back a transaction whose commit failed; the server already has, and the
      // connection may now be running the next transaction, which must not be rolled back.
      if (released && text === 'rollback') return unsent('ROLLBACK');
      if (released) return Promise.reject(new Error('The connection was given back to the pool'));
      const plain = !values || values.length === 0;
      if (plain && opensTransaction.test(text)) {
        opening = text;
        return unsent('BEGIN');
      }
      if (plain && endsTransaction.has(text)) {
        if (opening !== undefined) {
          opening = undefined;
          return unsent(text.toUpperCase());
        }
        const ended = client.query(text);
        release();
        return ended;
      }
      if (opening === undefined) return send(client, text, values);
      const socket = socketOf(client);
      socket?.cork?.();
      try {
        const opened = client.query(opening);
        opening = undefined;
        const answered = send(client, text, values);
        return Promise.all([opened, answered]).then(([, result]) => result);
      } finally {
        socket?.uncork?.();
      }
    };
    return { query: query as unknown as PostgresPoolClient['query'], release };
  };

  return {
    // A new checkout each time: what it holds (an unsent `begin`, an early release) is its own,
    // even while the connection already serves the next one.
    connect: async () => checkout(await pool.connect()),
    end: () => pool.end(),
  };
}
