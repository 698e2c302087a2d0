import { createQueryId } from 'kysely';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

// The full stop ends the number: no placeholder's text is part of another's (1 in 10).
const placeholder = (index: number) => `\u0000compiled-once value ${index}.\u0000`;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each bound value of the query: which argument fills it (-1: a constant of the query). */
  fills: number[];
}

/**
 * A query of one fixed shape whose SQL is built once and then run with each call's values.
 * Kysely builds a query's tree, passes it through the camelCase plugin and compiles it on every
 * call: a fifth of an authenticated read's CPU for a query of a dozen columns. `build` gets
 * placeholders for the values, which must reach the query only as bound values (operands, inserted
 * values), never shape it; one that is not a bound value of its own is refused at the first call.
 * The SQL is kept per query, not per Kysely instance: all of the app's compile alike (PostgreSQL's
 * compiler, the camelCase plugin).
 */
export function compiledOnce<Values extends (string | null)[], Row>(
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
): ((db: Kysely<Database>, ...values: Values) => Promise<Row[]>) & {
  /** The statement with these values, for the caller to send (sendTogether). */
  query: (db: Kysely<Database>, ...values: Values) => CompiledQuery<Row>;
} {
  let compiled: Compiled<Row> | undefined;
  const query = (db: Kysely<Database>, ...values: Values): CompiledQuery<Row> => {
    compiled ??= compile(db, build, values.length);
    const { query: shape, fills } = compiled;
    const parameters = fills.map((fill, index) =>
      fill === -1 ? shape.parameters[index] : values[fill],
    );
    return { ...shape, parameters, queryId: createQueryId() };
  };
  const run = async (db: Kysely<Database>, ...values: Values) =>
    (await db.executeQuery<Row>(query(db, ...values))).rows;
  return Object.assign(run, { query });
}

function compile<Values extends (string | null)[], Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
  count: number,
): Compiled<Row> {
  const placeholders = Array.from({ length: count }, (_, index) => placeholder(index));
  const query = build(db, ...(placeholders as Values)).compile();
  const fills = query.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  const misused = placeholders.findIndex(
    (value, index) =>
      !fills.includes(index) ||
      query.sql.includes(value) ||
      query.parameters.some(
        (parameter) =>
          parameter !== value && JSON.stringify(parameter)?.includes(value.slice(1, -1)),
      ),
  );
  if (misused !== -1) {
    throw new Error(`Value ${misused} of a compiled-once query is not a bound value of its own`);
  }
  return { query, fills };
}
