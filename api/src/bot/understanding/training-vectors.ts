import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { enqueueJob, hasUnfinishedJob } from '../../jobs/job-store';
import { writeTransaction } from '../../live/write-transaction';
import {
  insertTrainingEmbeddings,
  selectTrainingEmbeddings,
} from '../../repositories/training-embeddings';
import type { SentenceEncoder } from './sentence-encoder';

// The sentence vectors of a workspace's training texts: each text embedded once, stored under the
// encoder's id (training_embeddings), read back whenever the bot builds the workspace's index.

export const trainingEmbeddingsJobKind = 'training-embeddings';

/**
 * Missing texts embedded while the index waits: a pair or a product written by hand (two texts)
 * or a few dozen at once, about a quarter of a second. More (a CSV import, a website read) are
 * embedded by a background job, and the index finds them by their words meanwhile.
 */
const inlineLimit = 64;
/** Texts embedded and stored together by the job: its progress moves at least every few seconds. */
const jobChunk = 64;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

function toBuffer(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength));
}

function fromBuffer(buffer: Buffer): Float32Array {
  return new Float32Array(
    buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength),
  );
}

export interface TrainingVectors {
  readonly encoder: SentenceEncoder;
  /**
   * The vectors of `texts`: the stored ones, and the missing ones embedded now when they are few;
   * when they are many, a background job is queued for them and they are left out.
   */
  prepare(workspaceId: string, texts: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Embeds and stores every text of `texts` that has no vector yet, reporting progress. */
  embedMissing(
    workspaceId: string,
    texts: readonly string[],
    options: { signal: AbortSignal; report(progress: { embedded: number; total: number }): void },
  ): Promise<number>;
}

export function createTrainingVectors(
  db: Kysely<Database>,
  encoder: SentenceEncoder,
): TrainingVectors {
  async function stored(workspaceId: string, texts: readonly string[]) {
    const unique = [...new Set(texts)];
    const hashes = unique.map(hashOf);
    const rows = await selectTrainingEmbeddings(db, workspaceId, encoder.id, hashes);
    const found = new Map<string, Float32Array>();
    const missing: string[] = [];
    unique.forEach((text, n) => {
      const row = rows.get(hashes[n]!);
      if (row) found.set(text, fromBuffer(row));
      else missing.push(text);
    });
    return { found, missing };
  }

  async function embedAndStore(workspaceId: string, texts: readonly string[]) {
    const vectors = await encoder.embed(texts);
    await insertTrainingEmbeddings(
      db,
      texts.map((text, n) => ({
        workspaceId,
        model: encoder.id,
        textHash: hashOf(text),
        vector: toBuffer(vectors[n]!),
      })),
    );
    return vectors;
  }

  function queueJob(workspaceId: string, total: number) {
    return writeTransaction(db, async (trx) => {
      const queued = await hasUnfinishedJob(
        trx,
        workspaceId,
        trainingEmbeddingsJobKind,
        'model',
        encoder.id,
      );
      if (queued) return;
      await enqueueJob(trx, {
        workspaceId,
        kind: trainingEmbeddingsJobKind,
        payload: { model: encoder.id },
        progress: { embedded: 0, total },
      });
    });
  }

  return {
    encoder,
    async prepare(workspaceId, texts) {
      const { found, missing } = await stored(workspaceId, texts);
      if (missing.length > inlineLimit) {
        await queueJob(workspaceId, missing.length);
        return found;
      }
      if (missing.length > 0) {
        const vectors = await embedAndStore(workspaceId, missing);
        missing.forEach((text, n) => found.set(text, vectors[n]!));
      }
      return found;
    },
    async embedMissing(workspaceId, texts, { signal, report }) {
      const { missing } = await stored(workspaceId, texts);
      report({ embedded: 0, total: missing.length });
      for (let start = 0; start < missing.length; start += jobChunk) {
        signal.throwIfAborted();
        await embedAndStore(workspaceId, missing.slice(start, start + jobChunk));
        report({ embedded: Math.min(missing.length, start + jobChunk), total: missing.length });
      }
      return missing.length;
    },
  };
}
