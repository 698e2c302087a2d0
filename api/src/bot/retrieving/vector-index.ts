// The training by meaning: each indexed document's sentence vectors (sentence-encoder.ts), searched
// by brute force. A Q&A pair has two, its question's (the key) and its answer's (the body); a
// product or a page passage has one, its whole text's (the body).

/** A document close in meaning to a question. */
export interface VectorHit {
  /** The document's key in the training index (`qna:<id>`, `product:<id>`, `webpage:<id>#<n>`). */
  key: string;
  /** Cosine of the question and the document's key text (a pair's question); 0 when it has none. */
  keySimilarity: number;
  /** Cosine of the question and the document's body (a pair's answer, a product, a passage). */
  bodySimilarity: number;
  /** What the search ranked by (see `retrievalScore`). */
  score: number;
}

export interface DocumentVectors {
  key?: Float32Array;
  body?: Float32Array;
}

/**
 * How a document is ranked by meaning. A pair is asked about by its question more than by its
 * answer, which says much that was not asked (on the dev split of bench/bot, 0.6 of the question's
 * and 0.4 of the answer's cosine put the asked pair first for 76.8% of the questions, against
 * 70.4% for the question's alone); a product or a passage has its body only. Being linear, the
 * pair's score is one cosine, with the blend of its two vectors (its search vector).
 */
const keyShare = 0.6;

/** Vectors are held as int8 (×127): a quarter of the memory, and cosines within about 0.01. */
const scale = 127;

/** Over this many documents of a kind, a search first narrows them by the signs of their vectors… */
const exactScanLimit = 2_048;
/** …to this many, then compared exactly. */
const prefilteredCandidates = 384;

function quantize(vector: Float32Array): Int8Array {
  const row = new Int8Array(vector.length);
  for (let d = 0; d < vector.length; d++) row[d] = Math.round(vector[d]! * scale);
  return row;
}

/** The signs of a vector, one bit a dimension. */
function signBits(vector: Int8Array, into: Uint32Array, at: number): void {
  for (let d = 0; d < vector.length; d++) {
    if (vector[d]! > 0) into[at + (d >>> 5)]! |= 1 << (d & 31);
  }
}

function popcount(value: number): number {
  value -= (value >>> 1) & 0x55555555;
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

interface HeldDocument {
  key?: Int8Array;
  body: Int8Array;
  /** What it is ranked by: the body, or a pair's blend of its question and answer. */
  search: Int8Array;
}

/** The documents of one kind (pairs, or the others) as rows of one array each. */
interface Rows {
  keys: string[];
  /** The search vectors, `dimensions` int8 a row. */
  vectors: Int8Array;
  /** Their sign bits, `words` 32-bit words a row. */
  signs: Uint32Array;
}

export class VectorIndex {
  private readonly documents = new Map<string, HeldDocument>();
  private built?: { pairs: Rows; others: Rows };
  private readonly words: number;

  constructor(readonly dimensions: number) {
    this.words = Math.ceil(dimensions / 32);
  }

  get size(): number {
    return this.documents.size;
  }

  /** Holds `vectors` for the document `key`; one without a body vector is not searched by meaning. */
  upsert(key: string, vectors: DocumentVectors): void {
    this.remove(key);
    if (!vectors.body) return;
    const body = quantize(vectors.body);
    if (!vectors.key) {
      this.documents.set(key, { body, search: body });
    } else {
      const blended = new Float32Array(this.dimensions);
      for (let d = 0; d < this.dimensions; d++) {
        blended[d] = keyShare * vectors.key[d]! + (1 - keyShare) * vectors.body[d]!;
      }
      this.documents.set(key, { key: quantize(vectors.key), body, search: quantize(blended) });
    }
    this.built = undefined;
  }

  remove(key: string): void {
    if (this.documents.delete(key)) this.built = undefined;
  }

  /** The cosines of `query` with the document's vectors; undefined when it has none. */
  similarity(query: Float32Array, key: string): VectorHit | undefined {
    const document = this.documents.get(key);
    if (!document) return undefined;
    return {
      key,
      keySimilarity: document.key ? dot(query, document.key, 0) : 0,
      bodySimilarity: dot(query, document.body, 0),
      score: dot(query, document.search, 0),
    };
  }

  /**
   * The `limit` documents closest in meaning to `query`, best first: of the Q&A pairs (the
   * documents with a key vector), or of the others (products and page passages).
   */
  search(query: Float32Array, limit: number, among: 'pairs' | 'others'): VectorHit[] {
    const rows = this.build()[among];
    const count = rows.keys.length;
    const candidates =
      count > exactScanLimit
        ? this.prefilter(rows, query)
        : Array.from({ length: count }, (_, n) => n);
    // The best `limit` rows, kept sorted as the rows are read: no object for the others.
    const bestRows: number[] = [];
    const bestScores: number[] = [];
    for (const row of candidates) {
      const score = dot(query, rows.vectors, row * this.dimensions);
      if (bestRows.length === limit && score <= bestScores[limit - 1]!) continue;
      let at = bestRows.length;
      while (at > 0 && bestScores[at - 1]! < score) at--;
      bestRows.splice(at, 0, row);
      bestScores.splice(at, 0, score);
      if (bestRows.length > limit) {
        bestRows.pop();
        bestScores.pop();
      }
    }
    return bestRows.map((row) => this.similarity(query, rows.keys[row]!)!);
  }

  /**
   * The rows whose signs differ least from the query's: on unit vectors of 384 dimensions the
   * Hamming distance of the signs orders them nearly as the cosine does, at a 32nd of the reads.
   */
  private prefilter(rows: Rows, query: Float32Array): number[] {
    const { words } = this;
    const querySigns = new Uint32Array(words);
    signBits(quantize(query), querySigns, 0);
    const count = rows.keys.length;
    const distances = new Uint16Array(count);
    for (let row = 0, at = 0; row < count; row++) {
      let distance = 0;
      for (let w = 0; w < words; w++, at++) distance += popcount(rows.signs[at]! ^ querySigns[w]!);
      distances[row] = distance;
    }
    // Counting sort by distance: the kept rows are the nearest buckets.
    const buckets = new Uint32Array(this.dimensions + 1);
    for (const distance of distances) buckets[distance]!++;
    let cutoff = 0;
    for (let kept = 0; cutoff < this.dimensions; cutoff++) {
      kept += buckets[cutoff]!;
      if (kept >= prefilteredCandidates) break;
    }
    const kept: number[] = [];
    for (let row = 0; row < count; row++) if (distances[row]! <= cutoff) kept.push(row);
    return kept;
  }

  private build(): { pairs: Rows; others: Rows } {
    if (this.built) return this.built;
    const pairKeys: string[] = [];
    const otherKeys: string[] = [];
    for (const [key, document] of this.documents) (document.key ? pairKeys : otherKeys).push(key);
    this.built = { pairs: this.rowsOf(pairKeys), others: this.rowsOf(otherKeys) };
    return this.built;
  }

  private rowsOf(keys: string[]): Rows {
    const vectors = new Int8Array(keys.length * this.dimensions);
    const signs = new Uint32Array(keys.length * this.words);
    keys.forEach((key, row) => {
      const { search } = this.documents.get(key)!;
      vectors.set(search, row * this.dimensions);
      signBits(search, signs, row * this.words);
    });
    return { keys, vectors, signs };
  }
}

/**
 * The cosine of a unit `query` with the int8 row of `rows` that starts at `start`: four
 * dimensions a step with four sums (fewer bounds checks, a shorter dependency chain).
 */
function dot(query: Float32Array, rows: Int8Array, start: number): number {
  const dimensions = query.length;
  const steps = dimensions - (dimensions % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let e = 0;
  let d = 0;
  for (; d < steps; d += 4) {
    a += query[d]! * rows[start + d]!;
    b += query[d + 1]! * rows[start + d + 1]!;
    c += query[d + 2]! * rows[start + d + 2]!;
    e += query[d + 3]! * rows[start + d + 3]!;
  }
  for (; d < dimensions; d++) a += query[d]! * rows[start + d]!;
  return (a + b + c + e) / scale;
}
