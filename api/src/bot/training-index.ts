import MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { indexTerm } from './english-terms';
import { distinctTerms, tokenizeField } from './index-terms';
import { splitIntoPassages } from './passages';
import { correctQuery, matchTerms, type TermMatch } from './query-matching';
import { SemanticIndex } from './semantic-index';
import type { WordVectors } from './word-vectors';
import {
  defaultRankingWeights,
  type RankingWeights,
  type TrainingHit,
  type TrainingSearch,
  type TrainingSearchOptions,
} from './training-search';
import {
  fields,
  fieldBoosts,
  keyFields,
  type IndexedDocument,
  type ProductTraining,
  type QnaTraining,
  type TrainingKind,
  type WebPagePassage,
  type WebPageTraining,
} from './training-documents';

/** How many of the full-text search's best items are ranked again. */
const rerankedCandidates = 10;

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

export interface TrainingIndexOptions {
  /** English word vectors: with them, Q&A pairs are also found by meaning (`meaning`). */
  wordVectors?: WordVectors;
}

/**
 * The full-text index of one workspace's training (MiniSearch: BM25+, Porter2 stems, English stop
 * words, typo-tolerant and prefix matching), and with word vectors the sentence vectors of its
 * Q&A pairs. Kept current item by item as training changes. Pure: it knows nothing of the database.
 */
export class TrainingIndex {
  /** The Q&A pairs by meaning; only with word vectors. */
  readonly meaning?: SemanticIndex;

  constructor({ wordVectors }: TrainingIndexOptions = {}) {
    if (wordVectors) {
      this.meaning = new SemanticIndex(wordVectors, {
        vocabulary: this.vocabulary,
        // A word weighs what its index term does in the full-text search: its rarity here.
        weightOf: (word) => {
          const term = indexTerm(word);
          return term ? this.weight(term) : 0;
        },
        // No document holds the empty term: it weighs what an unseen word does.
        unseenWeight: () => this.weight(''),
        version: () => this.version,
      });
    }
  }

  private readonly miniSearch = new MiniSearch<IndexedDocument>({
    idField: 'key',
    fields,
    storeFields: ['kind', 'sourceId'],
    tokenize: tokenizeField,
    processTerm: indexTerm,
    searchOptions: {
      // Queries arrive as the tokens of correctQuery(), already corrected.
      tokenize: (query) => query.split(' '),
      processTerm: indexTerm,
      boost: fieldBoosts,
      // Typos are mostly corrected word by word before (correctQuery); what is left, in stems of
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
      this.meaning?.upsert(qna.id, qna.question, qna.answer);
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
      this.meaning?.remove(id);
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
      // A passage is found by its headings too: "Delivery times" under "Shipping" answers
      // "how long does delivery take" though its sentences may not say "delivery".
      const parts =
        page.passages?.map(({ headings, text }) => ({
          title: [page.title, ...headings.filter((heading) => heading !== page.title)].join(' › '),
          text,
        })) ?? splitIntoPassages(page.text ?? '').map((text) => ({ title: page.title, text }));
      const keys = parts.map(({ title, text }, n) => {
        const key = `webpage:${page.id}#${n}`;
        this.addDocument({ key, kind: 'webpage', sourceId: page.id, title, text });
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

  /** Ids of the web pages held. */
  webPageIds(): string[] {
    return [...this.pages.keys()];
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
    const { tokens, corrected } = correctQuery(text, this.vocabulary);
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
      const matches = matchTerms(counted, corrected, result);
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
