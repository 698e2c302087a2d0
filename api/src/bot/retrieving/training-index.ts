import SearchableMap from 'minisearch/SearchableMap';
import { indexTerm } from '../understanding/english-terms';
import { distinctTerms, tokenizeField } from './index-terms';
import { correctQuery, matchTerms } from '../understanding/query-matching';
import { meaningWords, questionKey } from '../understanding/meaning-words';
import { TermWeights } from './term-weights';
import { TextIndex, type TextMatch } from './text-index';
import { VectorIndex } from './vector-index';
import {
  defaultRankingWeights,
  type RankingWeights,
  type TrainingHit,
  type TrainingSearch,
  type TrainingSearchOptions,
} from './training-search';
import {
  embeddingTexts,
  fields,
  fieldBoosts,
  productDocument,
  qnaDocument,
  webPageDocuments,
  type IndexedDocument,
  type ProductTraining,
  type QnaTraining,
  type Field,
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

/** What a search may be limited to: the kinds of training, as the text index's groups. */
const kindGroups: Record<TrainingKind, number> = { qna: 0, product: 1, webpage: 2 };

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

/**
 * The sentence vectors of training texts (see embeddingTexts), embedded before the items are
 * added; an item whose texts have none yet is found by its words only.
 */
export type TextVectors = ReadonlyMap<string, Float32Array>;

const noVectors: TextVectors = new Map();

export interface TrainingIndexOptions {
  /** The sentence encoder's: with it, the training is also found by meaning (`meaning`). */
  dimensions?: number;
}

/**
 * The full-text index of one workspace's training (text-index.ts: BM25+, Porter2 stems, English
 * stop words, typo-tolerant and prefix matching), and with sentence vectors its documents by
 * meaning.
 * Kept current item by item as training changes. Pure: it knows nothing of the database.
 */
export class TrainingIndex {
  /** The documents by meaning; only with sentence vectors. */
  readonly meaning?: VectorIndex;

  constructor({ dimensions }: TrainingIndexOptions = {}) {
    if (dimensions) this.meaning = new VectorIndex(dimensions);
  }

  /** The training texts the sentence encoder reads for these items (see embeddingTexts). */
  static textsToEmbed(items: {
    qnas?: readonly QnaTraining[];
    products?: readonly ProductTraining[];
    pages?: readonly WebPageTraining[];
  }): string[] {
    const documents = [
      ...(items.qnas ?? []).map(qnaDocument),
      ...(items.products ?? []).map(productDocument),
      ...(items.pages ?? []).flatMap(webPageDocuments),
    ];
    return documents.flatMap((document) => {
      const { key, body } = embeddingTexts(document);
      return key === undefined ? [body] : [key, body];
    });
  }

  /**
   * The full-text index: BM25+ (Porter2 stems, English stop words), typo-tolerant and prefix
   * matching; queries arrive as the tokens of correctQuery(), already corrected.
   */
  private readonly text = new TextIndex<Field>({
    boosts: fieldBoosts,
    tokenize: tokenizeField,
    processTerm: indexTerm,
    // Typos are mostly corrected word by word before (correctQuery); what is left, in stems of
    // six letters or more, may still be one edit away from a training term.
    fuzzy: (term) => term.length >= 6,
    prefix: (term) => term.length >= 4,
  });

  /** Every document held: its text answers, and removing it from the text index reads it. */
  private readonly documents = new Map<string, IndexedDocument>();
  private readonly weights = new TermWeights(
    (term) => this.text.documentsWith(term),
    () => this.documents.size,
  );
  /** How many documents hold each word as written: what a misspelt query word is corrected to. */
  private readonly vocabulary = new SearchableMap<number>();
  private readonly qnas = new Map<string, QnaTraining>();
  /** The pairs by their question's key (questionKey). */
  private readonly questionKeys = new Map<string, string[]>();
  private readonly products = new Map<string, ProductTraining>();
  private readonly pages = new Map<string, { page: WebPageTraining; keys: string[] }>();

  /** Training items held (Q&A pairs, products and web pages). */
  get size(): number {
    return this.qnas.size + this.products.size + this.pages.size;
  }

  /** Adds the pairs, replacing any already held with the same id. */
  upsertQnas(qnas: readonly QnaTraining[], vectors = noVectors): void {
    for (const qna of qnas) {
      this.removeQna(qna.id);
      this.qnas.set(qna.id, qna);
      const key = questionKey(qna.question);
      if (key !== '') this.questionKeys.set(key, [...(this.questionKeys.get(key) ?? []), qna.id]);
      this.addDocument(qnaDocument(qna), vectors);
    }
  }

  removeQnas(ids: readonly string[]): void {
    for (const id of ids) this.removeQna(id);
  }

  private removeQna(id: string): void {
    const qna = this.qnas.get(id);
    if (!qna) return;
    this.qnas.delete(id);
    const key = questionKey(qna.question);
    const same = this.questionKeys.get(key)?.filter((other) => other !== id);
    if (same?.length) this.questionKeys.set(key, same);
    else this.questionKeys.delete(key);
    this.removeDocument(`qna:${id}`);
  }

  upsertProducts(products: readonly ProductTraining[], vectors = noVectors): void {
    for (const product of products) {
      this.removeDocument(`product:${product.id}`);
      this.products.set(product.id, product);
      this.addDocument(productDocument(product), vectors);
    }
  }

  removeProducts(ids: readonly string[]): void {
    for (const id of ids) {
      this.products.delete(id);
      this.removeDocument(`product:${id}`);
    }
  }

  upsertWebPages(pages: readonly WebPageTraining[], vectors = noVectors): void {
    for (const page of pages) {
      this.removeWebPages([page.id]);
      const keys = webPageDocuments(page).map((document) => {
        this.addDocument(document, vectors);
        return document.key;
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
    const results = this.text.search(
      [...searched, ...extraTerms.filter((term) => !terms.includes(term))],
      kinds ? { groups: new Set(kinds.map((kind) => kindGroups[kind])) } : {},
    );

    const { hits: candidates } = this.rank(results, terms, corrected, options, ranking);
    return { terms, hits: candidates.slice(0, limit) };
  }

  /** The search's best items, one per training item, ranked again by `RankingWeights`. */
  private rank(
    results: Iterable<TextMatch>,
    terms: readonly string[],
    corrected: ReadonlySet<string>,
    { ignoredTerms }: TrainingSearchOptions,
    ranking: RankingWeights,
  ): { hits: TrainingHit[] } {
    const hits: TrainingHit[] = [];
    const seen = new Set<string>();
    let topScore: number | undefined;
    for (const result of results) {
      topScore ??= result.score;
      const document = this.documents.get(result.id);
      if (!document) continue;
      const itemKey = `${document.kind}:${document.sourceId}`;
      if (seen.has(itemKey)) continue;
      seen.add(itemKey);
      const counted =
        ignoredTerms && ignoredTerms.kinds.includes(document.kind)
          ? terms.filter((term) => !ignoredTerms.terms.has(term))
          : terms;
      const matches = matchTerms(counted, corrected, result);
      const { coverage, keyCoverage } = this.weights.coverageOf(counted, matches, result);
      const { keySimilarity, bodySimilarity } = this.weights.similarities(
        counted,
        matches,
        this.text.termsOf(document),
      );
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

  /** The training item a document of the index (a vector hit's key) belongs to. */
  itemOf(key: string): Pick<TrainingHit, 'kind' | 'id' | 'passage'> | undefined {
    const document = this.documents.get(key);
    if (!document) return undefined;
    return {
      kind: document.kind,
      id: document.sourceId,
      ...(document.kind === 'webpage' ? { passage: this.passageOf(document) } : {}),
    };
  }

  private passageOf(document: IndexedDocument): WebPagePassage {
    const page = this.pages.get(document.sourceId)!.page;
    return { pageId: page.id, url: page.url, title: page.title, text: document.text ?? '' };
  }

  private isUbiquitous(term: string): boolean {
    const total = this.documents.size;
    return (
      total >= minDocumentsForUbiquity && this.text.documentsWith(term) > ubiquitousShare * total
    );
  }

  /**
   * The one pair whose question asks what `text` asks in other stop words, order or inflection;
   * undefined when none does, or several do.
   */
  sameQuestion(text: string): string | undefined {
    const key = questionKey(text);
    const ids = key === '' ? undefined : this.questionKeys.get(key);
    return ids?.length === 1 ? ids[0] : undefined;
  }

  /**
   * How much `text` says in this workspace: its meaning words' weights summed, in units of the
   * weight of a word the training never uses (so about the number of its rare words, whatever
   * the size of the training). A question of one or two common words ("phone number") fits
   * many pairs a little; the pair decision trusts its best match less.
   */
  information(text: string): number {
    let sum = 0;
    for (const word of meaningWords(text)) {
      const term = indexTerm(word);
      if (term) sum += this.weights.weight(term);
    }
    // No document holds the empty term: it weighs what an unseen word does.
    return sum / this.weights.weight('');
  }

  private addDocument(document: IndexedDocument, textVectors: TextVectors): void {
    this.documents.set(document.key, document);
    if (this.meaning) {
      const texts = embeddingTexts(document);
      const body = textVectors.get(texts.body);
      const key = texts.key === undefined ? undefined : textVectors.get(texts.key);
      this.meaning.upsert(document.key, { body, key });
    }
    this.text.add(document.key, document, kindGroups[document.kind]);
    for (const word of wordsOf(document)) {
      this.vocabulary.set(word, (this.vocabulary.get(word) ?? 0) + 1);
    }
  }

  private removeDocument(key: string): void {
    const document = this.documents.get(key);
    if (!document) return;
    this.text.remove(key, document);
    this.documents.delete(key);
    this.meaning?.remove(key);
    for (const word of wordsOf(document)) decrement(this.vocabulary, word);
  }
}

/** The distinct words of a document as written that index terms come from. */
function wordsOf(document: IndexedDocument): Set<string> {
  const words = new Set<string>();
  for (const field of fields) {
    const value = document[field];
    if (!value) continue;
    for (const token of tokenizeField(value, field)) if (indexTerm(token)) words.add(token);
  }
  return words;
}
