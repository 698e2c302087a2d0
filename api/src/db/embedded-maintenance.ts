import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** How often the embedded database looks for tables grown since their statistics were taken. */
const growthCheckIntervalMs = 5_000;
/** How often it is vacuumed and analyzed whole. */
const vacuumIntervalMs = 10 * 60_000;

/**
 * Analyzes the tables that have grown by a fifth and a few pages since they were last analyzed
 * (what autovacuum's auto-analyze would take up; PostgreSQL: 50 rows and a tenth), judged by
 * size on disk, which PGlite keeps current, unlike its row counters. Returns their names.
 */
export async function analyzeGrownTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select quote_ident(relname) as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r'
      and pg_relation_size(oid) / current_setting('block_size')::int > relpages * 1.2 + 4`.execute(
    db,
  );
  const names = rows.map((row) => row.name);
  if (names.length > 0) await sql.raw(`analyze ${names.join(', ')}`).execute(db);
  return names;
}

/**
 * What PostgreSQL's autovacuum does, for PGlite, which runs none. Without it the planner keeps
 * statistics and cached plans from when the tables were empty: a statement prepared in a new
 * database's first minutes went on reading whole tables by sequential scan as they grew (the
 * mail context statement: 0.7 ms with fresh statistics, 5 ms and rising without). A table grown
 * since its last statistics is analyzed within seconds, which also makes every statement that
 * reads it plan again; the whole database is vacuumed (dead rows of updates) every ten minutes.
 * Returns the function that stops it.
 */
export function startEmbeddedMaintenance(
  db: Kysely<Database>,
  warn: (err: unknown, what: string) => void,
): () => void {
  let running = false;
  const run = (what: string, work: () => Promise<unknown>) => () => {
    // One at a time: an analyze that takes long is not started again over itself.
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => warn(err, what))
      .finally(() => {
        running = false;
      });
  };
  const growth = setInterval(
    run('analyzing the embedded database', () => analyzeGrownTables(db)),
    growthCheckIntervalMs,
  );
  const vacuum = setInterval(
    run('vacuuming the embedded database', () => sql`vacuum analyze`.execute(db)),
    vacuumIntervalMs,
  );
  growth.unref();
  vacuum.unref();
  return () => {
    clearInterval(growth);
    clearInterval(vacuum);
  };
}
