import {
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { Results } from '@electric-sql/pglite';
import { isLockOnly } from './lock-rows';
import { commitsWith } from './statements';
import type { PgliteThread } from './pglite-thread';

/**
 * Kysely over the embedded database's thread, pipelined. PGlite is one connection, so a
 * transaction must have it to itself; but the thread runs what it is sent in order, so a
 * statement only has to be *sent* in turn, not answered before the next is sent. A statement
 * outside a transaction therefore holds the connection only while it is posted, and a
 * transaction gives it up as soon as its commit or rollback is posted: the next request's
 * statements wait in the thread behind it instead of for a reply to cross back to this thread
 * and a later turn of its event loop (which, under load, left both threads idle half the time).
 */
export class PgliteThreadDialect implements Dialect {
  constructor(private readonly thread: PgliteThread) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteThreadDriver(this.thread);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** First come, first served turns at sending to the thread. */
class Turns {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  take(): Promise<void> {
    // Nobody waits while the turn is free: give() hands it straight to the next in line.
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  /** Posts in turn, and gives the turn up as soon as `post` has sent (not when it is answered). */
  async send<T>(post: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return post();
    } finally {
      this.give();
    }
  }
}

class PgliteThreadDriver implements Driver {
  private readonly turns = new Turns();

  constructor(private readonly thread: PgliteThread) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteThreadConnection(this.thread, this.turns);
  }

  async beginTransaction(connection: DatabaseConnection) {
    await (connection as PgliteThreadConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as PgliteThreadConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as PgliteThreadConnection).end('rollback');
  }

  async releaseConnection() {}

  /** The thread itself is closed by whoever started it. */
  async destroy() {}
}

class PgliteThreadConnection implements DatabaseConnection {
  private inTransaction = false;

  constructor(
    private readonly thread: PgliteThread,
    private readonly turns: Turns,
  ) {}

  async begin(): Promise<void> {
    await this.turns.take();
    this.inTransaction = true;
    await this.thread.query('begin');
  }

  async end(command: 'commit' | 'rollback'): Promise<void> {
    // Kysely rolls back after a failed commit, but the turn is gone by then: what was sent next
    // may be another transaction's, and PostgreSQL has ended this one already. So it has when
    // the transaction committed with its last statement (executeQuery).
    if (!this.inTransaction) return;
    this.inTransaction = false;
    let ended: Promise<unknown>;
    try {
      ended = this.thread.query(command);
    } finally {
      this.turns.give();
    }
    await ended;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Transactions here run one at a time: a lock taken for other transactions to wait on is moot.
    if (this.inTransaction && isLockOnly(query)) return { rows: [] };
    const commit = this.inTransaction && commitsWith(query);
    const post = () => this.thread.query<R>(query.sql, [...query.parameters], { commit });
    let answered: Promise<Results<R>>;
    if (commit) {
      // The transaction ends with this statement: as in end(), the turn goes once it is posted.
      this.inTransaction = false;
      try {
        answered = post();
      } finally {
        this.turns.give();
      }
    } else {
      // A transaction has the turn already, until its end.
      answered = this.inTransaction ? post() : this.turns.send(post);
    }
    const { rows, affectedRows } = await answered;
    return affectedRows ? { rows, numAffectedRows: BigInt(affectedRows) } : { rows };
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('The embedded database does not stream query results');
  }
}
