// The PGlite side of pglite-thread.ts: owns the embedded database inside a worker thread and
// answers { id, type: 'query' | 'exec' | 'close', begin } messages (begin: open a transaction
// before the statement). Plain CommonJS so Node runs it as is,
// from src/ under Jest and from dist/ in production.
'use strict';

const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

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

async function handle(pglite, message) {
  if (message.begin) await pglite.exec('begin');
  switch (message.type) {
    case 'query': {
      const { rows, affectedRows, fields } = await pglite.query(message.sql, message.params);
      return { rows, affectedRows, fields };
    }
    case 'exec':
      await pglite.exec(message.sql);
      return undefined;
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`Unknown message type ${message.type}`);
  }
}

async function main() {
  let pglite;
  try {
    pglite = await PGlite.create(workerData.dataDir);
  } catch (err) {
    parentPort.postMessage({ type: 'failed', error: serializeError(err) });
    return;
  }
  parentPort.on('message', async (message) => {
    try {
      const result = await handle(pglite, message);
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
  parentPort.postMessage({ type: 'ready' });
}

main();
