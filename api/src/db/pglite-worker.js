// The PGlite side of pglite-thread.ts: owns the embedded database inside a worker thread and
// answers { id, type: 'query' | 'exec' | 'dump' | 'close', begin } messages (begin: open a transaction
// before the statement). Plain CommonJS so Node runs it as is,
// from src/ under Jest and from dist/ in production.
'use strict';

const { readFileSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol } = require('@electric-sql/pglite');
// Trigram matching for search (migration 0023): a contrib extension PGlite loads only when asked.
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm');

const { serialize } = protocol;

/** PostgreSQL error fields survive the thread hop; the rest of the error object would not. */
const errorFields = [
  'code',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
  'severity',
];

function serializeError(err) {
  const serialized = { message: err instanceof Error ? err.message : String(err) };
  for (const field of errorFields) {
    if (err && err[field] !== undefined) serialized[field] = err[field];
  }
  return serialized;
}

function concat(parts) {
  const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

/** Distinct statements are few (Kysely builds them from code), but `in (…)` lists vary. */
const maxPreparedStatements = 1000;

/**
 * Statements go to PGlite's wire protocol as one message each (`execProtocol`) rather than through
 * `query()`/`exec()`. Those cost about 0.6 ms a statement, a third of it copying PGlite's table of
 * 300 type parsers for every result and most of the rest five separate calls into the database
 * (parse, describe, bind, describe, execute) where one message can carry them all. Each distinct
 * statement is also prepared once, by name (its parameter types and result columns asked then), so
 * PostgreSQL parses and plans it once rather than on every call (planning alone was 0.2-0.5 ms of
 * the conversation writes). Values and results are converted by the same per-type serializers and
 * parsers `query()` uses.
 */
function createSession(pglite) {
  /** Statement text → { name, types, fields } (parameter types, result columns), oldest first. */
  const prepared = new Map();
  let lastName = 0;
  /** Close messages for statements dropped from `prepared`, sent with the next statement. */
  let closing = [];

  /** `begin` goes first: a statement that fails to prepare fails inside its transaction. */
  async function prepare(sql, begin) {
    const name = `s${++lastName}`;
    const { messages } = await pglite.execProtocol(
      concat([
        ...(begin ? [serialize.query('begin')] : []),
        serialize.parse({ name, text: sql, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const parameters = messages.find((message) => message.name === 'parameterDescription');
    const columns = messages.find((message) => message.name === 'rowDescription');
    const statement = {
      name,
      types: parameters ? parameters.dataTypeIDs : [],
      fields: columns ? columns.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
    };
    if (prepared.size >= maxPreparedStatements) {
      const [oldest] = prepared;
      prepared.delete(oldest[0]);
      closing.push(serialize.close({ type: 'S', name: oldest[1].name }));
    }
    prepared.set(sql, statement);
    return statement;
  }

  function serializeValue(value, type) {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[type];
    return serializer ? serializer(value) : value.toString();
  }

  /**
   * The result of the last command in `messages` (not the `begin` or `commit` sent with it), as
   * `query()` returns it.
   */
  function lastResult(messages, fields) {
    let rows = [];
    let result = { rows: [], fields, affectedRows: 0 };
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const row = {};
        message.fields.forEach((value, index) => {
          const { name, dataTypeID } = fields[index];
          const parser = pglite.parsers[dataTypeID];
          row[name] = value === null || !parser ? value : parser(value, dataTypeID);
        });
        rows.push(row);
      } else if (
        message.name === 'commandComplete' &&
        !transactionControl.has(message.text.toLowerCase())
      ) {
        result = { rows, fields, affectedRows: affectedRows(message.text) };
        rows = [];
      }
    }
    return result;
  }

  return {
    async query(sql, params, begin, commit) {
      const known = prepared.get(sql);
      let statement;
      let values;
      try {
        statement = known ?? (await prepare(sql, begin));
        values = params.map((value, index) => serializeValue(value, statement.types[index]));
      } catch (err) {
        // The transaction was to end with this statement, which never ran: it ends here.
        if (commit) await pglite.execProtocol(serialize.query('rollback'));
        throw err;
      }
      const { name, fields } = statement;
      const closes = closing;
      closing = [];
      const { messages } = await pglite.execProtocol(
        concat([
          ...closes,
          ...(begin && known ? [serialize.query('begin')] : []),
          serialize.bind({ statement: name, values }),
          serialize.execute({}),
          serialize.sync(),
          // A statement that fails leaves its transaction aborted: this commit then rolls it back.
          ...(commit ? [serialize.query('commit')] : []),
        ]),
      );
      return lastResult(messages, fields);
    },
    async exec(script, begin) {
      // A script changes the schema (migrations): a prepared `select *` would keep the old columns.
      const changesSchema = !transactionControl.has(script);
      if (changesSchema) {
        prepared.clear();
        closing = [];
      }
      const text = `${changesSchema ? 'deallocate all; ' : ''}${begin ? 'begin; ' : ''}${script}`;
      await pglite.execProtocol(serialize.query(text));
    },
  };
}

const transactionControl = new Set(['begin', 'commit', 'rollback']);

/** Rows an INSERT, UPDATE, DELETE, COPY or MERGE touched, from its command tag. */
function affectedRows(commandTag) {
  const words = commandTag.split(' ');
  if (words[0] === 'INSERT') return Number(words[2]);
  return ['UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]) ? Number(words[1]) : 0;
}

async function main() {
  let pglite;
  try {
    const { dataDir, template } = workerData;
    pglite = await PGlite.create({
      dataDir,
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
      extensions: { pg_trgm },
    });
  } catch (err) {
    parentPort.postMessage({ type: 'failed', error: serializeError(err) });
    return;
  }
  const session = createSession(pglite);
  const handle = async (message) => {
    switch (message.type) {
      case 'query':
        return session.query(message.sql, message.params, message.begin, message.commit);
      case 'exec':
        return session.exec(message.sql, message.begin);
      case 'dump':
        return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
      case 'close':
        await pglite.close();
        return undefined;
      default:
        throw new Error(`Unknown message type ${message.type}`);
    }
  };
  // The wire protocol is one conversation: a statement whose types are asked first takes several
  // calls, and PGlite does not queue execProtocol() calls as it queues query() ones.
  let previous = Promise.resolve();
  parentPort.on('message', (message) => {
    previous = previous.then(async () => {
      try {
        const result = await handle(message);
        parentPort.postMessage({ type: 'reply', id: message.id, ok: true, result });
      } catch (err) {
        parentPort.postMessage({
          type: 'reply',
          id: message.id,
          ok: false,
          error: serializeError(err),
        });
      }
    });
  });
  parentPort.postMessage({ type: 'ready' });
}

main();
