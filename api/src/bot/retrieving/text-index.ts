import SearchableMap from 'minisearch/SearchableMap';

// The full-text index of the training: BM25+ over weighted fields with prefix and typo matching,
// scored as MiniSearch scores (its parameters and term weights), but held in typed arrays. A
// workspace with a large web site holds tens of thousands of page passages; held as MiniSearch
// holds them (a map of documents per term and field) they took about 110 MB for 50,000 passages,
// and a question of common words built a result object for every passage holding one of them.
// Here a search adds scores into one array and builds results for the best few only. One
// difference: a field's average length is over the documents that have the field (MiniSearch's
// drifts low when many documents lack it, as pairs lack a product's name or a page's title).

/** A document the search found, as MiniSearch reports one. */
export interface TextMatch {
  /** The document's key. */
  id: string;
  score: number;
  /** The query terms it matched. */
  queryTerms: string[];
  /** Each document term it matched (a query term, or one it matched by prefix or typo), and where. */
  match: Record<string, string[]>;
}

export interface TextIndexOptions<Field extends string> {
  /** The fields and their weights, in the order they are scored. */
  boosts: Readonly<Record<Field, number>>;
  tokenize: (text: string, field: Field) => string[];
  /** The index term of a token; none for a stop word. */
  processTerm: (token: string) => string | null | undefined;
  /** Whether a query term also matches longer terms it begins, and terms one edit away. */
  prefix: (term: string) => boolean;
  fuzzy: (term: string) => boolean;
}

export interface TextSearchOptions {
  /** Only documents of these groups (see `add`). */
  groups?: ReadonlySet<number>;
}

/** MiniSearch's defaults: BM25+ and the weights of prefix and typo matches. */
const bm25 = { k: 1.2, b: 0.7, d: 0.5 };
const prefixWeight = 0.375;
const fuzzyWeight = 0.45;

/** How often a document holds a term is kept to this (BM25+ has long stopped counting it). */
const maxFrequency = 255;

/**
 * The documents holding one term in one field, in the order they were added: each entry is the
 * document's number × 256 + how often it holds the term. A plain array of numbers: most terms
 * are in a few documents, and a typed array's own overhead would outweigh them.
 */
class Postings {
  entries: number[] = [];
  /** Documents still held (removed ones stay in `entries` until they are compacted). */
  live = 0;

  push(document: number, frequency: number): void {
    this.entries.push(document * 256 + Math.min(frequency, maxFrequency));
    this.live++;
  }

  has(document: number): boolean {
    let low = 0;
    let high = this.entries.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = documentOf(this.entries[middle]!);
      if (at === document) return true;
      if (at < document) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  /** Drops the entries of removed documents. */
  compact(held: Uint8Array): void {
    this.entries = this.entries.filter((entry) => held[documentOf(entry)]);
  }
}

const documentOf = (entry: number) => Math.floor(entry / 256);

function grown<T extends Int32Array | Uint16Array | Uint8Array | Float64Array>(
  array: T,
  size: number,
): T {
  const larger = new (array.constructor as new (size: number) => T)(size);
  larger.set(array);
  return larger;
}

/** The index terms of one document, by field, with their frequencies and the field's length. */
type DocumentTerms = { terms: Map<string, number>; length: number }[];

/** One query term, as MiniSearch runs it: the term itself, then longer ones, then typos. */
interface QueryTerm {
  term: string;
  /** How often the query holds it: each occurrence scores again. */
  times: number;
  derived: { term: string; id: number; weight: number }[];
}

export class TextIndex<Field extends string> {
  private readonly fields: Field[];
  /** Each index term's number. */
  private readonly termIds = new SearchableMap<number>();
  /** By term number, then field number. */
  private readonly postings: (Postings | undefined)[][] = [];
  /** By term number: how many documents hold it in any field. */
  private documentFrequency = new Int32Array(64);

  /** By document number. */
  private readonly keys: string[] = [];
  private readonly numbers = new Map<string, number>();
  private held = new Uint8Array(64);
  private groups = new Uint8Array(64);
  /** By field number, then document number: the field's distinct tokens. */
  private readonly fieldLengths: Uint16Array[];
  private readonly fieldTotals: number[];
  private readonly fieldCounts: number[];
  /** Removed documents whose entries the postings still hold. */
  private removed = 0;

  /** Search state, reused: each document's score, and the search that last touched it. */
  private scores = new Float64Array(64);
  private touchedBy = new Int32Array(64);
  private termsMatched = new Uint16Array(64);
  private countedFor = new Int32Array(64);
  private searches = 0;
  private stamps = 0;

  constructor(private readonly options: TextIndexOptions<Field>) {
    this.fields = Object.keys(options.boosts) as Field[];
    this.fieldLengths = this.fields.map(() => new Uint16Array(64));
    this.fieldTotals = this.fields.map(() => 0);
    this.fieldCounts = this.fields.map(() => 0);
  }

  /** Documents held. */
  get size(): number {
    return this.numbers.size;
  }

  /** How many documents hold the index term `term` in any field. */
  documentsWith(term: string): number {
    const id = this.termIds.get(term);
    return id === undefined ? 0 : this.documentFrequency[id]!;
  }

  /** The index terms of the document's fields, with their frequencies. */
  termsOf(fields: Partial<Record<Field, string>>): DocumentTerms {
    return this.fields.map((field) => {
      const value = fields[field];
      const terms = new Map<string, number>();
      if (value == null) return { terms, length: -1 };
      const tokens = this.options.tokenize(value, field);
      for (const token of tokens) {
        const term = this.options.processTerm(token);
        if (term) terms.set(term, (terms.get(term) ?? 0) + 1);
      }
      // MiniSearch's field length: the distinct tokens as written.
      return { terms, length: new Set(tokens).size };
    });
  }

  /** Adds a document under a key not held; `group` is what searches may be limited to. */
  add(key: string, fields: Partial<Record<Field, string>>, group = 0): void {
    if (this.numbers.has(key)) throw new Error(`TextIndex: ${key} is held already`);
    const document = this.keys.length;
    this.ensureDocuments(document + 1);
    this.keys.push(key);
    this.numbers.set(key, document);
    this.held[document] = 1;
    this.groups[document] = group;
    const seen = new Set<number>();
    this.termsOf(fields).forEach(({ terms, length }, field) => {
      if (length < 0) return;
      this.fieldLengths[field]![document] = Math.min(length, 0xffff);
      this.fieldTotals[field]! += length;
      this.fieldCounts[field]!++;
      for (const [term, frequency] of terms) {
        const id = this.termId(term);
        const byField = this.postings[id]!;
        (byField[field] ??= new Postings()).push(document, frequency);
        if (!seen.has(id)) {
          seen.add(id);
          this.documentFrequency[id]!++;
        }
      }
    });
  }

  /** Removes the document `key`, added with these `fields`. */
  remove(key: string, fields: Partial<Record<Field, string>>): void {
    const document = this.numbers.get(key);
    if (document === undefined) return;
    this.numbers.delete(key);
    this.held[document] = 0;
    const seen = new Set<number>();
    this.termsOf(fields).forEach(({ terms, length }, field) => {
      if (length < 0) return;
      this.fieldTotals[field]! -= length;
      this.fieldCounts[field]!--;
      for (const term of terms.keys()) {
        const id = this.termIds.get(term);
        const postings = id === undefined ? undefined : this.postings[id]![field];
        if (!postings) continue;
        postings.live--;
        if (!seen.has(id!)) {
          seen.add(id!);
          this.documentFrequency[id!]!--;
        }
      }
    });
    // Removed documents are skipped by searches; their entries go once they are a quarter.
    if (++this.removed > Math.max(1_000, this.keys.length / 4)) this.compact();
  }

  /**
   * The documents matching any of the query's tokens, best first, as MiniSearch's `search` with
   * `combineWith: 'OR'` finds them. Results are built as they are read: a caller that needs the
   * best ten reads about ten.
   */
  *search(tokens: readonly string[], { groups }: TextSearchOptions = {}): Generator<TextMatch> {
    const queryTerms = this.queryTerms(tokens);
    const search = ++this.searches;
    const touched: number[] = [];
    const N = this.size;
    for (const { derived, times } of queryTerms) {
      // Marks the documents that matched this query term, to count each once.
      const stamp = ++this.stamps;
      for (const { id, weight } of derived) {
        const byField = this.postings[id]!;
        this.fields.forEach((field, f) => {
          const postings = byField[f];
          if (!postings || postings.live === 0) return;
          const boost = this.options.boosts[field] * weight * times;
          const average = this.fieldTotals[f]! / Math.max(1, this.fieldCounts[f]!);
          const idf = Math.log(1 + (N - postings.live + 0.5) / (postings.live + 0.5));
          const lengths = this.fieldLengths[f]!;
          const { entries } = postings;
          for (const entry of entries) {
            const document = documentOf(entry);
            if (!this.held[document]) continue;
            if (groups && !groups.has(this.groups[document]!)) continue;
            const frequency = entry % 256;
            const norm = 1 - bm25.b + (bm25.b * lengths[document]!) / average;
            const score = idf * (bm25.d + (frequency * (bm25.k + 1)) / (frequency + bm25.k * norm));
            if (this.touchedBy[document] !== search) {
              this.touchedBy[document] = search;
              this.scores[document] = 0;
              this.termsMatched[document] = 0;
              touched.push(document);
            }
            this.scores[document]! += boost * score;
            if (this.countedFor[document] !== stamp) {
              this.countedFor[document] = stamp;
              this.termsMatched[document]!++;
            }
          }
        });
      }
    }
    // MiniSearch multiplies a document's score by the number of distinct query terms it matched;
    // equal scores keep the order the documents were first matched in, as its sort does.
    const score = touched.map((document) => this.scores[document]! * this.termsMatched[document]!);
    const order = (a: number, b: number) => score[b]! - score[a]! || a - b;
    const firstFew = 32;
    const first =
      touched.length > firstFew * 4 ? best(score, firstFew, order) : touched.map((_, n) => n);
    first.sort(order);
    for (const n of first) yield this.matchOf(touched[n]!, score[n]!, queryTerms);
    if (first.length === touched.length) return;
    const shown = new Set(first);
    const rest = touched.map((_, n) => n).filter((n) => !shown.has(n));
    rest.sort(order);
    for (const n of rest) yield this.matchOf(touched[n]!, score[n]!, queryTerms);
  }

  private matchOf(document: number, score: number, queryTerms: readonly QueryTerm[]): TextMatch {
    const match: Record<string, string[]> = {};
    const matched: string[] = [];
    for (const { term, derived } of queryTerms) {
      for (const { term: documentTerm, id } of derived) {
        const byField = this.postings[id]!;
        this.fields.forEach((field, f) => {
          if (!byField[f]?.has(document)) return;
          (match[documentTerm] ??= []).push(field);
          if (!matched.includes(term)) matched.push(term);
        });
      }
    }
    return { id: this.keys[document]!, score, queryTerms: matched, match };
  }

  /** Each distinct query term with the index terms it matches and at what weight. */
  private queryTerms(tokens: readonly string[]): QueryTerm[] {
    const byTerm = new Map<string, QueryTerm>();
    for (const token of tokens) {
      const term = this.options.processTerm(token);
      if (!term) continue;
      const known = byTerm.get(term);
      if (known) {
        known.times++;
        continue;
      }
      const derived: QueryTerm['derived'] = [];
      const exact = this.termIds.get(term);
      if (exact !== undefined) derived.push({ term, id: exact, weight: 1 });
      const prefixed = new Set<string>();
      if (this.options.prefix(term)) {
        for (const [longer, id] of this.termIds.atPrefix(term)) {
          const distance = longer.length - term.length;
          if (!distance) continue;
          prefixed.add(longer);
          const weight = (prefixWeight * longer.length) / (longer.length + 0.3 * distance);
          derived.push({ term: longer, id, weight });
        }
      }
      if (this.options.fuzzy(term)) {
        for (const [near, [id, distance]] of this.termIds.fuzzyGet(term, 1)) {
          if (!distance || prefixed.has(near)) continue;
          derived.push({
            term: near,
            id,
            weight: (fuzzyWeight * near.length) / (near.length + distance),
          });
        }
      }
      byTerm.set(term, { term, times: 1, derived });
    }
    return [...byTerm.values()];
  }

  private termId(term: string): number {
    const known = this.termIds.get(term);
    if (known !== undefined) return known;
    const id = this.postings.length;
    this.termIds.set(term, id);
    this.postings.push([]);
    if (id >= this.documentFrequency.length) {
      this.documentFrequency = grown(this.documentFrequency, id * 2);
    }
    return id;
  }

  private ensureDocuments(count: number): void {
    if (count <= this.held.length) return;
    const size = Math.max(count, this.held.length * 2);
    this.held = grown(this.held, size);
    this.groups = grown(this.groups, size);
    this.scores = grown(this.scores, size);
    this.touchedBy = grown(this.touchedBy, size);
    this.termsMatched = grown(this.termsMatched, size);
    this.countedFor = grown(this.countedFor, size);
    this.fieldLengths.forEach((lengths, f) => (this.fieldLengths[f] = grown(lengths, size)));
  }

  private compact(): void {
    for (const byField of this.postings)
      for (const postings of byField) postings?.compact(this.held);
    this.removed = 0;
  }
}

/** The positions of the `count` first in `order` among `scores`' positions, unordered. */
function best(
  scores: readonly number[],
  count: number,
  order: (a: number, b: number) => number,
): number[] {
  const kept: number[] = [];
  // The last kept in `order`: what a better one replaces.
  let worst = -1;
  for (let n = 0; n < scores.length; n++) {
    if (kept.length < count) {
      kept.push(n);
      if (worst < 0 || order(n, kept[worst]!) > 0) worst = kept.length - 1;
      continue;
    }
    if (order(n, kept[worst]!) >= 0) continue;
    kept[worst] = n;
    // A linear scan over a few dozen is cheaper than keeping a heap.
    worst = 0;
    for (let k = 1; k < kept.length; k++) if (order(kept[k]!, kept[worst]!) > 0) worst = k;
  }
  return kept;
}
