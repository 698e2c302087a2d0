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

function quantize(vector: Float32Array, row = new Int8Array(vector.length)): Int8Array {
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

/** Where a document's vectors are held: rows of the pool. */
interface HeldDocument {
  key?: number;
  body: number;
  /** The row it is ranked by: the body's, or a pair's blend of its question and answer. */
  search: number;
}

/** What a row of the pool holds. */
const enum RowUse {
  Free = 0,
  /** A pair's search vector. */
  Pair = 1,
  /** A product's or a passage's vector (its body, and what it is ranked by). */
  Other = 2,
  /** A pair's question or answer vector: compared, never searched. */
  Part = 3,
}

export class VectorIndex {
  private readonly documents = new Map<string, HeldDocument>();
  private readonly words: number;
  /**
   * Every vector held, `dimensions` int8 a row, with its sign bits: one array rather than one
   * per vector, as a large site's 50,000 passages each held twice (their own, and a search copy)
   * took twice the memory and an object apiece.
   */
  private rows = new Int8Array(0);
  private signs = new Uint32Array(0);
  private uses = new Uint8Array(0);
  /** Rows used so far, free ones included. */
  private rowCount = 0;
  /** The document each searched row belongs to. */
  private rowKeys: (string | undefined)[] = [];
  private readonly freeRows: number[] = [];

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
    if (!vectors.key) {
      const body = this.hold(vectors.body, RowUse.Other, key);
      this.documents.set(key, { body, search: body });
      return;
    }
    const blended = new Float32Array(this.dimensions);
    for (let d = 0; d < this.dimensions; d++) {
      blended[d] = keyShare * vectors.key[d]! + (1 - keyShare) * vectors.body[d]!;
    }
    this.documents.set(key, {
      key: this.hold(vectors.key, RowUse.Part),
      body: this.hold(vectors.body, RowUse.Part),
      search: this.hold(blended, RowUse.Pair, key),
    });
  }

  remove(key: string): void {
    const document = this.documents.get(key);
    if (!document) return;
    this.documents.delete(key);
    for (const row of new Set([document.key, document.body, document.search])) {
      if (row === undefined) continue;
      this.uses[row] = RowUse.Free;
      this.rowKeys[row] = undefined;
      this.freeRows.push(row);
    }
  }

  /** The cosines of `query` with the document's vectors; undefined when it has none. */
  similarity(query: Float32Array, key: string): VectorHit | undefined {
    const document = this.documents.get(key);
    if (!document) return undefined;
    const at = (row: number) => dot(query, this.rows, row * this.dimensions);
    return {
      key,
      keySimilarity: document.key === undefined ? 0 : at(document.key),
      bodySimilarity: at(document.body),
      score: at(document.search),
    };
  }

  /**
   * The `limit` documents closest in meaning to `query`, best first: of the Q&A pairs (the
   * documents with a key vector), or of the others (products and page passages).
   */
  search(query: Float32Array, limit: number, among: 'pairs' | 'others'): VectorHit[] {
    const use = among === 'pairs' ? RowUse.Pair : RowUse.Other;
    const searched: number[] = [];
    for (let row = 0; row < this.rowCount; row++) if (this.uses[row] === use) searched.push(row);
    const candidates =
      searched.length > exactScanLimit ? this.prefilter(searched, query) : searched;
    // The best `limit` rows, kept sorted as the rows are read: no object for the others.
    const bestRows: number[] = [];
    const bestScores: number[] = [];
    for (const row of candidates) {
      const score = dot(query, this.rows, row * this.dimensions);
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
    return bestRows.map((row) => this.similarity(query, this.rowKeys[row]!)!);
  }

  /**
   * The rows whose signs differ least from the query's: on unit vectors of 384 dimensions the
   * Hamming distance of the signs orders them nearly as the cosine does, at a 32nd of the reads.
   */
  private prefilter(rows: readonly number[], query: Float32Array): number[] {
    const { words } = this;
    const querySigns = new Uint32Array(words);
    signBits(quantize(query), querySigns, 0);
    const distances = new Uint16Array(rows.length);
    rows.forEach((row, n) => {
      let distance = 0;
      for (let w = 0, at = row * words; w < words; w++, at++) {
        distance += popcount(this.signs[at]! ^ querySigns[w]!);
      }
      distances[n] = distance;
    });
    // Counting sort by distance: the kept rows are the nearest buckets.
    const buckets = new Uint32Array(this.dimensions + 1);
    for (const distance of distances) buckets[distance]!++;
    let cutoff = 0;
    for (let kept = 0; cutoff < this.dimensions; cutoff++) {
      kept += buckets[cutoff]!;
      if (kept >= prefilteredCandidates) break;
    }
    return rows.filter((_, n) => distances[n]! <= cutoff);
  }

  /** Writes `vector` into a free row (the pool doubles when full) and returns the row. */
  private hold(vector: Float32Array, use: RowUse, key?: string): number {
    let row = this.freeRows.pop();
    if (row === undefined) {
      row = this.rowCount++;
      if (row === this.uses.length) this.grow(Math.max(64, row * 2));
    }
    const start = row * this.dimensions;
    const quantized = quantize(vector, this.rows.subarray(start, start + this.dimensions));
    this.signs.fill(0, row * this.words, (row + 1) * this.words);
    signBits(quantized, this.signs, row * this.words);
    this.uses[row] = use;
    this.rowKeys[row] = key;
    return row;
  }

  private grow(rowCount: number): void {
    const rows = new Int8Array(rowCount * this.dimensions);
    rows.set(this.rows);
    const signs = new Uint32Array(rowCount * this.words);
    signs.set(this.signs);
    const uses = new Uint8Array(rowCount);
    uses.set(this.uses);
    this.rows = rows;
    this.signs = signs;
    this.uses = uses;
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
