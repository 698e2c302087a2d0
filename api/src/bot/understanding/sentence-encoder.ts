import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { InferenceSession, Tensor } from 'onnxruntime-node';

// The bot's sentence encoder: all-MiniLM-L6-v2 as int8 ONNX (api/assets/sentence-encoder, see its
// README), run in the API process on the CPU by ONNX Runtime. A text becomes one unit vector of
// 384 numbers; two texts that mean the same are close whatever their words.

/** Where the committed model lies: beside `src/` in the sources, beside `dist/` once built. */
export const defaultEncoderDir = path.resolve(__dirname, '../../../assets/sentence-encoder');

/** The model's files, each checked at load. */
const modelFile = 'model.int8.onnx';
const tokenizerFile = 'tokenizer.json';
const tokenizerConfigFile = 'tokenizer_config.json';

/**
 * Tokens read of one text, [CLS] and [SEP] included: the model was trained on 128, and a page
 * passage or a question longer than that is known by its start.
 */
const maxTokens = 128;
/** Texts run through the model at once: larger batches pad more and gain nothing on two cores. */
const batchSize = 16;

export interface SentenceEncoder {
  /** Names the model and its version: a stored vector is reused only under the same id. */
  readonly id: string;
  readonly dimensions: number;
  /** Unit vectors of `texts`, in order. An empty text has the vector of [CLS] [SEP]. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** A model file that is missing or unreadable: the API refuses to start, naming the file. */
export class EncoderLoadError extends Error {
  constructor(file: string, cause: unknown) {
    super(
      `The bot's sentence encoder could not be loaded from ${file}: ${
        cause instanceof Error ? cause.message : String(cause)
      }. Run \`npm install\` again, or rebuild it with api/scripts/build-sentence-encoder.sh.`,
    );
    this.name = 'EncoderLoadError';
  }
}

function readFile(dir: string, name: string): Buffer {
  const file = path.join(dir, name);
  try {
    return readFileSync(file);
  } catch (err) {
    throw new EncoderLoadError(file, err);
  }
}

function parseJson(dir: string, name: string): Record<string, unknown> {
  try {
    return JSON.parse(readFile(dir, name).toString('utf8')) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof EncoderLoadError) throw err;
    throw new EncoderLoadError(path.join(dir, name), err);
  }
}

/**
 * Control and format characters carry no meaning and may confuse the tokenizer (a question of
 * zero-width joiners is an empty one); runs of white space are one space.
 */
function cleanText(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export async function loadSentenceEncoder(dir = defaultEncoderDir): Promise<SentenceEncoder> {
  const modelBytes = readFile(dir, modelFile);
  const tokenizer = new Tokenizer(
    parseJson(dir, tokenizerFile),
    parseJson(dir, tokenizerConfigFile),
  );
  let session: InferenceSession;
  try {
    session = await InferenceSession.create(modelBytes, {
      // One thread: a customer's question is a few dozen tokens, and the other core answers
      // requests meanwhile.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
  } catch (err) {
    throw new EncoderLoadError(path.join(dir, modelFile), err);
  }
  const id = `all-minilm-l6-v2-int8:${createHash('sha256').update(modelBytes).digest('hex').slice(0, 12)}`;
  const clsId = tokenizer.token_to_id('[CLS]') ?? 101;
  const sepId = tokenizer.token_to_id('[SEP]') ?? 102;

  function tokenIds(text: string): number[] {
    const { ids } = tokenizer.encode(cleanText(text), { add_special_tokens: false });
    return [clsId, ...ids.slice(0, maxTokens - 2), sepId];
  }

  async function embedBatch(batch: readonly number[][]): Promise<Float32Array[]> {
    const length = Math.max(...batch.map((ids) => ids.length));
    const inputIds = new BigInt64Array(batch.length * length);
    const mask = new BigInt64Array(batch.length * length);
    batch.forEach((ids, row) => {
      ids.forEach((tokenId, at) => {
        inputIds[row * length + at] = BigInt(tokenId);
        mask[row * length + at] = 1n;
      });
    });
    const shape = [batch.length, length];
    const output = await session.run({
      input_ids: new Tensor('int64', inputIds, shape),
      attention_mask: new Tensor('int64', mask, shape),
    });
    const hidden = output.last_hidden_state!.data as Float32Array;
    const dimensions = hidden.length / batch.length / length;
    // Mean of the token vectors under the mask, at unit length: the model's pooling.
    return batch.map((ids, row) => {
      const vector = new Float32Array(dimensions);
      for (let at = 0; at < ids.length; at++) {
        const start = (row * length + at) * dimensions;
        for (let d = 0; d < dimensions; d++) vector[d]! += hidden[start + d]!;
      }
      let norm = 0;
      for (let d = 0; d < dimensions; d++) norm += vector[d]! * vector[d]!;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dimensions; d++) vector[d]! *= scale;
      return vector;
    });
  }

  const [probe] = await embedBatch([tokenIds('')]);
  return {
    id,
    dimensions: probe!.length,
    async embed(texts) {
      const tokenized = texts.map((text, at) => ({ at, ids: tokenIds(text) }));
      // Texts of like length together pad least.
      tokenized.sort((a, b) => a.ids.length - b.ids.length);
      const vectors: Float32Array[] = new Array(texts.length);
      for (let start = 0; start < tokenized.length; start += batchSize) {
        const batch = tokenized.slice(start, start + batchSize);
        const embedded = await embedBatch(batch.map((each) => each.ids));
        batch.forEach((each, n) => (vectors[each.at] = embedded[n]!));
      }
      return vectors;
    },
  };
}

let shared: { dir: string; encoder: Promise<SentenceEncoder> } | undefined;

/** One encoder per process and folder: the model takes memory and a few hundred ms to load. */
export function sharedSentenceEncoder(dir = defaultEncoderDir): Promise<SentenceEncoder> {
  if (shared?.dir !== dir) {
    const encoder = loadSentenceEncoder(dir);
    shared = { dir, encoder };
    // A failed load is not kept: the next caller tries again and sees the error itself.
    encoder.catch(() => {
      if (shared?.encoder === encoder) shared = undefined;
    });
  }
  return shared.encoder;
}
