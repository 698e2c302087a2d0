import type { Worker } from 'node:worker_threads';
import { pgliteThreadOver, startPgliteThread } from '../../src/db/pglite-thread';
import type { PgliteThread, ReleasablePgliteThread } from '../../src/db/pglite-thread';

/**
 * One embedded database for many test files. Starting PGlite from the migrated template and
 * warming its caches took about 2 s of CPU for each app a test built; emptying one a file has
 * finished with takes a tenth of that. So an app's database, when the app closes, is emptied
 * (every row but the migrations', the session's settings) and kept by the jest process
 * (jest/node-environment.js) for the next app, of this file or the next. A database whose schema
 * a test changed, or that a test broke, is closed instead.
 */
interface IdleDatabase {
  worker: Worker;
  template: string;
  /** Its schema when it was new (`schemaQuery`). */
  schema: string;
}

declare global {
  /** Set by jest/node-environment.js for the API tests; absent elsewhere. */
  var parleyIdleTestDatabases: IdleDatabase[] | undefined;
}

/** A file builds at most a few apps at once; more kept would only hold memory. */
const keptIdle = 2;

/** Tables, columns, functions, triggers, constraints and indexes, and the migrations applied. */
const schemaQuery = `
  select md5(string_agg(item, ',' order by item)) as schema from (
    select format('%s.%s %s %s', c.relname, a.attname, a.atttypid, a.attnotnull) as item
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all select format('%s %s', p.proname, md5(p.prosrc)) from pg_proc p
    where p.pronamespace = 'public'::regnamespace
    union all select format('%s %s', t.tgname, t.tgenabled) from pg_trigger t
    join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace
    union all select conname from pg_constraint where connamespace = 'public'::regnamespace
    union all select format('migration %s', name) from schema_migrations
  ) items`;

async function schemaOf(thread: PgliteThread): Promise<string> {
  const { rows } = await thread.query<{ schema: string }>(schemaQuery);
  return rows[0]!.schema;
}

/** Back as the template left it: no rows but the migrations', no session state. */
async function empty(thread: PgliteThread): Promise<void> {
  await thread.exec('rollback');
  const { rows } = await thread.query<{ tables: string }>(`
    select string_agg(format('%I', tablename), ', ') as tables from pg_tables
    where schemaname = 'public' and tablename <> 'schema_migrations'`);
  await thread.exec(`
    truncate ${rows[0]!.tables} restart identity cascade;
    reset all; discard temp; unlisten *; select pg_advisory_unlock_all();`);
}

async function handBack(
  thread: ReleasablePgliteThread,
  idle: IdleDatabase[],
  template: string,
  schema: string,
) {
  if (idle.length < keptIdle) {
    try {
      await empty(thread);
      if ((await schemaOf(thread)) === schema) {
        const worker = thread.release();
        // Kept, it must not keep the process alive once the tests are done.
        worker.unref();
        idle.push({ worker, template, schema });
        return;
      }
    } catch {
      // A database a test broke is closed below, not handed on.
    }
  }
  await thread.close();
}

/** The thread of a new in-memory database from `template`: a kept one emptied, or a new one. */
export async function testDatabaseThread(template: string): Promise<PgliteThread> {
  const idle = globalThis.parleyIdleTestDatabases;
  if (!idle) return startPgliteThread({ template });
  // The one handed back last: a file's apps one after another get the same database.
  const at = idle.findLastIndex((entry) => entry.template === template);
  let thread: ReleasablePgliteThread;
  let schema: string;
  if (at >= 0) {
    const [kept] = idle.splice(at, 1);
    kept!.worker.ref();
    thread = await pgliteThreadOver(kept!.worker);
    schema = kept!.schema;
  } else {
    thread = await startPgliteThread({ template });
    schema = await schemaOf(thread);
  }
  return { ...thread, close: () => handBack(thread, idle, template, schema) };
}
