import MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { indexTerm, isStopWord, tokenize } from './english-terms';

/** What the bot learns from (spec §3): Q&A pairs, products and the pages of web sites. */
export type TrainingKind = 'qna' | 'product' | 'webpage';

/** spec §3 ai_training_qna: the topics are names. */
export interface QnaTraining {
  id: string;
  question: string;
  answer: string;
  topicIds: string[];
}

/** spec §3 product. */
export interface ProductTraining {
  id: string;
  sku: string;
  name: string;
  description: string;
  status: 'active' | 'disabled' | 'processing';
  price: number;
  stock: number;
  salesPitch?: string | null;
  /** ISO 4217 code the price is in; without it the price is written as a bare amount. */
  currency?: string | null;
}

/** One crawled page of a training web site. */
export interface WebPageTraining {
  id: string;
  url: string;
  title: string;
  text: string;
}

/** A part of a web page short enough to be an answer on its own. */
export interface WebPagePassage {
  pageId: string;
  url: string;
  title: string;
  text: string;
}

/** One document of the index: a Q&A pair, a product, or one passage of a web page. */
interface IndexedDocument {
  /** `qna:<id>`, `product:<id>` or `webpage:<id>#<passage>`. */
  key: string;
  kind: TrainingKind;
  sourceId: string;
  question?: string;
  answer?: string;
  topics?: string;
  name?: string;
  sku?: string;
  description?: string;
  salesPitch?: string;
  title?: string;
  text?: string;
}

/**
 * A question's words count most, then names, codes and titles, then topics; the long texts
 * (answers, descriptions, page text) count least, as they mention much that is not their subject.
 */
const fieldBoosts = {
  question: 3,
  name: 3,
  sku: 3,
  title: 2,
  topics: 1.5,
  answer: 1,
  description: 1,
  text: 1,
  salesPitch: 0.75,
} as const;
type Field = keyof typeof fieldBoosts;
const fields = Object.keys(fieldBoosts) as Field[];

/** Where a match says the document is about the query, not merely mentions it. */
const keyFields = new Set<string>(['question', 'name', 'sku', 'title', 'topics']);

/**
 * How the candidates of the full-text search are ranked again: a blend of their BM25+ score
 * (relative to the best one's), the cosine of the query with the item's key fields (a pair's
 * question and topics, a product's name), and with its body (answer, description, page text),
 * over TF-IDF vectors of index terms. The cosines count every query word, those the item lacks
 * too, and a short key text that says nearly only what was asked outranks a long one that
 * merely mentions it. Weights set on the tuning split of bench/bot (`node bench/bot.mjs --tune`).
 */
export interface RankingWeights {
  score: number;
  keySimilarity: number;
  bodySimilarity: number;
}

export const defaultRankingWeights: RankingWeights = {
  score: 1,
  keySimilarity: 0.5,
  bodySimilarity: 0,
};

/** How many of the full-text search's best items are ranked again. */
const rerankedCandidates = 10;

/** Credit of a query term found only through a typo-tolerant or prefix match. */
const approximateMatchCredit = 0.75;

/** A term held by more than this share of the documents is left out of searches… */
const ubiquitousShare = 0.5;
/** …once there are enough documents for the share to say something. */
const minDocumentsForUbiquity = 40;

/** Term frequencies of a document's key fields and of its body. */
interface DocumentVectors {
  key: Map<string, number>;
  body: Map<string, number>;
  /** Lengths of the two TF-IDF vectors, as of `normsVersion` of the index. */
  keyNorm: number;
  bodyNorm: number;
  normsVersion: number;
}

/** The document term a query term matched, and the credit of the match (1 when exact). */
interface TermMatch {
  documentTerm: string;
  credit: number;
}

/** Page passages are cut at paragraph, then sentence boundaries, to about this many characters. */
const passageTargetChars = 600;

/** "TR-500/BL" is also the one term "tr500bl", so a SKU is found whole. */
const codeLike = /^[\p{L}\p{N}]+(?:[-_/.][\p{L}\p{N}]+)+$/u;

function collapseCode(word: string): string {
  return word.toLowerCase().replace(/[-_/.]/g, '');
}

/** Tokens of a text, plus the collapsed form of each code-like word in it (SKUs, model numbers). */
function tokenizeWithCodes(text: string): string[] {
  const tokens = tokenize(text);
  for (const word of text.split(/\s+/)) {
    const trimmed = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (codeLike.test(trimmed)) tokens.push(collapseCode(trimmed));
  }
  return tokens;
}

function tokenizeField(text: string, fieldName?: string): string[] {
  if (fieldName === 'sku') return [collapseCode(text.trim()), ...tokenize(text)];
  return tokenizeWithCodes(text);
}

/** The distinct index terms of a query, in the order they appear. */
export function queryTerms(text: string): string[] {
  return distinctTerms(tokenizeWithCodes(text));
}

function distinctTerms(tokens: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const token of tokens) {
    const term = indexTerm(token);
    if (term) terms.add(term);
  }
  return [...terms];
}

/**
 * Typos are corrected in words of six letters or more (one edit; two from nine letters): in
 * shorter ones one edit turns a word into another ("cafe" into "safe", "stop" into "store").
 */
const minCorrectedLength = 6;
const twoEditsFromLength = 9;

/** Splits page text into passages of about `passageTargetChars`, at paragraphs then sentences. */
export function splitIntoPassages(text: string): string[] {
  const pieces: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, ' ').trim();
    if (!clean) continue;
    if (clean.length <= passageTargetChars) pieces.push(clean);
    else pieces.push(...(clean.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [clean]).map((s) => s.trim()));
  }
  const passages: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > passageTargetChars) {
      passages.push(current);
      current = piece;
    } else {
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) passages.push(current);
  return passages;
}

function decrement(
  counts: {
    get(key: string): number | undefined;
    set(key: string, value: number): unknown;
    delete(key: string): unknown;
  },
  key: string,
): void {
  const count = (counts.get(key) ?? 1) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/** Bounded Levenshtein distance: `limit + 1` as soon as it is known to exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** One training item that matched a query, with what the confidence decision reads. */
export interface TrainingHit {
  kind: TrainingKind;
  /** The Q&A pair's, product's or web page's id. */
  id: string;
  /** The web page passage that matched (web pages only). */
  passage?: WebPagePassage;
  /** BM25+ score with field boosts (MiniSearch); comparable within one query only. */
  score: number;
  /**
   * Share of the query found in the item, each query term weighted by how rare it is in this
   * workspace's training (inverse document frequency), typo and prefix matches at partial credit.
   * A query word the training never uses weighs the most: it is what the training cannot answer.
   */
  coverage: number;
  /** The same share, counting only matches in a key field (question, topics, name, SKU, title). */
  keyCoverage: number;
  /** Cosine of the query and the item's key fields (TF-IDF of index terms), 0 to 1. */
  keySimilarity: number;
  /** Cosine of the query and the item's body (answer, description, page text), 0 to 1. */
  bodySimilarity: number;
  /** What the hits are ordered by: the blend of `RankingWeights`; comparable within one query. */
  relevance: number;
  /**
   * Whether no other candidate's key fields are closer to the query (cosine): the second ranker,
   * blind to BM25's saturation and length norms, agrees this item is the question's subject.
   */
  closestKeyText: boolean;
}

export interface TrainingSearchOptions {
  /** Only these kinds of training. */
  kinds?: readonly TrainingKind[];
  /** Query terms (index terms) left out of the coverage of hits of these kinds. */
  ignoredTerms?: { kinds: readonly TrainingKind[]; terms: ReadonlySet<string> };
  /**
   * Words that stand for what the question asks without being in it ("how much" asks for a
   * cost or price): they raise the items holding them, and count in no item's coverage.
   */
  extraTerms?: readonly string[];
  /** At most this many hits, one per training item (default 5). */
  limit?: number;
  /** How the candidates are ranked (default `defaultRankingWeights`). */
  ranking?: RankingWeights;
}

export interface TrainingSearch {
  /** The index terms of the query: none when it holds only stop words. */
  terms: string[];
  /** Best first, one per training item. */
  hits: TrainingHit[];
}

/**
 * The full-text index of one workspace's training (MiniSearch: BM25+, Porter2 stems, English stop
 * words, typo-tolerant and prefix matching). Kept current item by item as training changes.
 * Pure: it knows nothing of the database.
 */
export class TrainingIndex {
  private readonly miniSearch = new MiniSearch<IndexedDocument>({
    idField: 'key',
    fields,
    storeFields: ['kind', 'sourceId'],
    tokenize: tokenizeField,
    processTerm: indexTerm,
    searchOptions: {
      // Queries arrive as the tokens of prepareQuery(), already corrected.
      tokenize: (query) => query.split(' '),
      processTerm: indexTerm,
      boost: fieldBoosts,
      // Typos are mostly corrected word by word before (prepareQuery); what is left, in stems of
      // six letters or more, may still be one edit away from a training term.
      fuzzy: (term) => (term.length >= 6 ? 1 : false),
      prefix: (term) => term.length >= 4,
      combineWith: 'OR',
    },
  });

  private readonly documents = new Map<string, IndexedDocument>();
  /** Term frequencies of each document's key fields and body: the vectors of the ranking. */
  private readonly vectors = new Map<string, DocumentVectors>();
  /** Changes with every document added or removed: the weights, so the vector lengths, change. */
  private version = 0;
  /** How many documents hold each index term: the weights of coverage. */
  private readonly documentFrequency = new Map<string, number>();
  /** How many documents hold each word as written: what a misspelt query word is corrected to. */
  private readonly vocabulary = new SearchableMap<number>();
  private readonly qnas = new Map<string, QnaTraining>();
  private readonly products = new Map<string, ProductTraining>();
  private readonly pages = new Map<string, { page: WebPageTraining; keys: string[] }>();

  /** Training items held (Q&A pairs, products and web pages). */
  get size(): number {
    return this.qnas.size + this.products.size + this.pages.size;
  }

  /** Adds the pairs, replacing any already held with the same id. */
  upsertQnas(qnas: readonly QnaTraining[]): void {
    for (const qna of qnas) {
      this.removeDocument(`qna:${qna.id}`);
      this.qnas.set(qna.id, qna);
      this.addDocument({
        key: `qna:${qna.id}`,
        kind: 'qna',
        sourceId: qna.id,
        question: qna.question,
        answer: qna.answer,
        topics: qna.topicIds.join(' \n '),
      });
    }
  }

  removeQnas(ids: readonly string[]): void {
    for (const id of ids) {
      this.qnas.delete(id);
      this.removeDocument(`qna:${id}`);
    }
  }

  upsertProducts(products: readonly ProductTraining[]): void {
    for (const product of products) {
      this.removeDocument(`product:${product.id}`);
      this.products.set(product.id, product);
      this.addDocument({
        key: `product:${product.id}`,
        kind: 'product',
        sourceId: product.id,
        name: product.name,
        sku: product.sku,
        description: product.description,
        salesPitch: product.salesPitch ?? '',
      });
    }
  }

  removeProducts(ids: readonly string[]): void {
    for (const id of ids) {
      this.products.delete(id);
      this.removeDocument(`product:${id}`);
    }
  }

  upsertWebPages(pages: readonly WebPageTraining[]): void {
    for (const page of pages) {
      this.removeWebPages([page.id]);
      const keys = splitIntoPassages(page.text).map((text, n) => {
        const key = `webpage:${page.id}#${n}`;
        this.addDocument({ key, kind: 'webpage', sourceId: page.id, title: page.title, text });
        return key;
      });
      this.pages.set(page.id, { page, keys });
    }
  }

  removeWebPages(ids: readonly string[]): void {
    for (const id of ids) {
      const held = this.pages.get(id);
      if (!held) continue;
      for (const key of held.keys) this.removeDocument(key);
      this.pages.delete(id);
    }
  }

  /** Ids of the Q&A pairs held. */
  qnaIds(): string[] {
    return [...this.qnas.keys()];
  }

  qna(id: string): QnaTraining | undefined {
    return this.qnas.get(id);
  }

  product(id: string): ProductTraining | undefined {
    return this.products.get(id);
  }

  webPage(id: string): WebPageTraining | undefined {
    return this.pages.get(id)?.page;
  }

  /** The training items that match `text`, best first, with their coverage of the query. */
  find(text: string, options: TrainingSearchOptions = {}): TrainingSearch {
    const { kinds, extraTerms = [], limit = 5, ranking = defaultRankingWeights } = options;
    const { tokens, corrected } = this.prepareQuery(text);
    const allTerms = distinctTerms(tokens);
    // A term most of the training holds ("bike" in a bike shop's) tells no item from another;
    // searching it would score thousands of documents for nothing.
    const ubiquitous = new Set(allTerms.filter((term) => this.isUbiquitous(term)));
    const terms = allTerms.filter((term) => !ubiquitous.has(term));
    if (terms.length === 0 || this.documents.size === 0) return { terms: allTerms, hits: [] };
    const searched = tokens.filter((token) => !ubiquitous.has(indexTerm(token) ?? ''));
    const results = this.miniSearch.search(
      [...searched, ...extraTerms.filter((term) => !terms.includes(term))].join(' '),
      kinds ? { filter: (result) => kinds.includes(result.kind as TrainingKind) } : {},
    );

    const { hits: candidates } = this.rank(results, terms, corrected, options, ranking);
    return { terms, hits: candidates.slice(0, limit) };
  }

  /** The search's best items, one per training item, ranked again by `RankingWeights`. */
  private rank(
    results: readonly SearchResult[],
    terms: readonly string[],
    corrected: ReadonlySet<string>,
    { ignoredTerms }: TrainingSearchOptions,
    ranking: RankingWeights,
  ): { hits: TrainingHit[] } {
    const hits: TrainingHit[] = [];
    const seen = new Set<string>();
    const topScore = results[0]?.score ?? 1;
    for (const result of results) {
      const document = this.documents.get(result.id as string);
      if (!document) continue;
      const itemKey = `${document.kind}:${document.sourceId}`;
      if (seen.has(itemKey)) continue;
      seen.add(itemKey);
      const counted =
        ignoredTerms && ignoredTerms.kinds.includes(document.kind)
          ? terms.filter((term) => !ignoredTerms.terms.has(term))
          : terms;
      const matches = this.matchesOf(counted, corrected, result);
      const { coverage, keyCoverage } = this.coverageOf(counted, matches, result);
      const vectors = this.normed(this.vectors.get(document.key)!);
      const keySimilarity = this.cosine(counted, matches, vectors.key, vectors.keyNorm);
      const bodySimilarity = this.cosine(counted, matches, vectors.body, vectors.bodyNorm);
      hits.push({
        kind: document.kind,
        id: document.sourceId,
        ...(document.kind === 'webpage' ? { passage: this.passageOf(document) } : {}),
        score: result.score,
        coverage,
        keyCoverage,
        keySimilarity,
        bodySimilarity,
        relevance:
          (ranking.score * result.score) / topScore +
          ranking.keySimilarity * keySimilarity +
          ranking.bodySimilarity * bodySimilarity,
        closestKeyText: false,
      });
      if (hits.length >= rerankedCandidates) break;
    }
    const closest = Math.max(0, ...hits.map((hit) => hit.keySimilarity));
    for (const hit of hits) hit.closestKeyText = closest > 0 && hit.keySimilarity === closest;
    hits.sort((a, b) => b.relevance - a.relevance);
    return { hits };
  }

  private passageOf(document: IndexedDocument): WebPagePassage {
    const page = this.pages.get(document.sourceId)!.page;
    return { pageId: page.id, url: page.url, title: page.title, text: document.text ?? '' };
  }

  private isUbiquitous(term: string): boolean {
    const total = this.documents.size;
    return (
      total >= minDocumentsForUbiquity &&
      (this.documentFrequency.get(term) ?? 0) > ubiquitousShare * total
    );
  }

  /** Inverse document frequency (BM25's): a term no document holds weighs the most. */
  private weight(term: string): number {
    const total = this.documents.size;
    const holding = this.documentFrequency.get(term) ?? 0;
    return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  }

  /**
   * The query's tokens with each word the training never uses replaced by the closest one it
   * does, starting with the same letter (typos rarely hit the first), the most used on a tie.
   * Corrected before stemming: "internationaly" stems to "internationali", far from "intern",
   * the stem of "internationally".
   */
  private prepareQuery(text: string): { tokens: string[]; corrected: Set<string> } {
    const corrected = new Set<string>();
    const tokens = tokenizeWithCodes(text).map((token) => {
      if (token.length < minCorrectedLength || isStopWord(token) || /\d/.test(token)) return token;
      if (this.vocabulary.has(token)) return token;
      let best: { word: string; distance: number; count: number } | undefined;
      const candidates = this.vocabulary.fuzzyGet(
        token,
        token.length >= twoEditsFromLength ? 2 : 1,
      );
      for (const [word, [count, distance]] of candidates) {
        if (word[0] !== token[0]) continue;
        if (!best || distance < best.distance || (distance === best.distance && count > best.count))
          best = { word, distance, count };
      }
      if (!best) return token;
      const term = indexTerm(best.word);
      if (term) corrected.add(term);
      return best.word;
    });
    return { tokens, corrected };
  }

  /**
   * The document term each query term matched, and the credit of that match: itself in full,
   * else the closest by prefix or typo at partial credit. Unmatched query terms are absent.
   */
  private matchesOf(
    terms: readonly string[],
    corrected: ReadonlySet<string>,
    result: SearchResult,
  ): Map<string, TermMatch> {
    const matches = new Map<string, TermMatch>();
    const matched = new Set(result.queryTerms);
    const queried = new Set(terms);
    // Document terms that another query term matched exactly are not a typo of this one.
    const otherTerms = Object.keys(result.match).filter((candidate) => !queried.has(candidate));
    const documentTerms = otherTerms.length > 0 ? otherTerms : Object.keys(result.match);
    for (const term of terms) {
      if (!matched.has(term)) continue;
      const documentTerm = result.match[term]
        ? term
        : (documentTerms.find((candidate) => candidate.startsWith(term)) ??
          documentTerms.reduce((best, candidate) =>
            editDistance(term, candidate, 2) < editDistance(term, best, 2) ? candidate : best,
          ));
      const credit = documentTerm === term && !corrected.has(term) ? 1 : approximateMatchCredit;
      matches.set(term, { documentTerm, credit });
    }
    return matches;
  }

  private coverageOf(
    terms: readonly string[],
    matches: ReadonlyMap<string, TermMatch>,
    result: SearchResult,
  ): Pick<TrainingHit, 'coverage' | 'keyCoverage'> {
    // Every word it matched was left out: it matched nothing the question is about.
    if (terms.length === 0) return { coverage: 0, keyCoverage: 0 };
    let total = 0;
    let covered = 0;
    let keyCovered = 0;
    for (const term of terms) {
      const match = matches.get(term);
      if (!match) {
        total += this.weight(term);
        continue;
      }
      const weight = this.weight(match.documentTerm);
      total += weight;
      covered += weight * match.credit;
      if ((result.match[match.documentTerm] ?? []).some((field) => keyFields.has(field))) {
        keyCovered += weight * match.credit;
      }
    }
    return { coverage: covered / total, keyCoverage: keyCovered / total };
  }

  /** Cosine of the query's TF-IDF vector and one of a document's (sublinear term frequency). */
  private cosine(
    terms: readonly string[],
    matches: ReadonlyMap<string, TermMatch>,
    frequencies: ReadonlyMap<string, number>,
    documentNorm: number,
  ): number {
    if (terms.length === 0 || documentNorm === 0) return 0;
    let queryNorm = 0;
    let dot = 0;
    for (const term of terms) {
      const weight = this.weight(term);
      queryNorm += weight * weight;
      const match = matches.get(term);
      const frequency = match && frequencies.get(match.documentTerm);
      if (frequency) {
        dot += weight * match.credit * (1 + Math.log(frequency)) * this.weight(match.documentTerm);
      }
    }
    return dot / Math.sqrt(queryNorm) / documentNorm;
  }

  /** The document's vectors with their lengths under the current weights. */
  private normed(vectors: DocumentVectors): DocumentVectors {
    if (vectors.normsVersion === this.version) return vectors;
    const norm = (frequencies: ReadonlyMap<string, number>) => {
      let sum = 0;
      for (const [term, frequency] of frequencies) {
        const weight = (1 + Math.log(frequency)) * this.weight(term);
        sum += weight * weight;
      }
      return Math.sqrt(sum);
    };
    vectors.keyNorm = norm(vectors.key);
    vectors.bodyNorm = norm(vectors.body);
    vectors.normsVersion = this.version;
    return vectors;
  }

  private addDocument(document: IndexedDocument): void {
    this.documents.set(document.key, document);
    this.miniSearch.add(document);
    const { terms, words, vectors } = this.termsOf(document);
    this.vectors.set(document.key, vectors);
    this.version++;
    for (const term of terms) {
      this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    }
    for (const word of words) this.vocabulary.set(word, (this.vocabulary.get(word) ?? 0) + 1);
  }

  private removeDocument(key: string): void {
    const document = this.documents.get(key);
    if (!document) return;
    // MiniSearch removes by the document's own content, which is why every document is kept.
    this.miniSearch.remove(document);
    this.documents.delete(key);
    this.vectors.delete(key);
    this.version++;
    const { terms, words } = this.termsOf(document);
    for (const term of terms) decrement(this.documentFrequency, term);
    for (const word of words) decrement(this.vocabulary, word);
  }

  /**
   * The distinct index terms of a document, its distinct words as written, and the term
   * frequencies of its key fields and of its body.
   */
  private termsOf(document: IndexedDocument): {
    terms: Set<string>;
    words: Set<string>;
    vectors: DocumentVectors;
  } {
    const terms = new Set<string>();
    const words = new Set<string>();
    const vectors: DocumentVectors = {
      key: new Map(),
      body: new Map(),
      keyNorm: 0,
      bodyNorm: 0,
      normsVersion: -1,
    };
    for (const field of fields) {
      const value = document[field];
      if (!value) continue;
      const vector = keyFields.has(field) ? vectors.key : vectors.body;
      for (const token of tokenizeField(value, field)) {
        const term = indexTerm(token);
        if (!term) continue;
        terms.add(term);
        words.add(token);
        vector.set(term, (vector.get(term) ?? 0) + 1);
      }
    }
    return { terms, words, vectors };
  }
}
