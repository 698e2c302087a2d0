import type { TrainingKind, WebPagePassage } from './training-documents';

// What a search of the training answers, and the weights that rank it.

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

/** One training item that matched a query, with what the confidence decision reads. */
export interface TrainingHit {
  kind: TrainingKind;
  /** The Q&A pair's, product's or web page's id. */
  id: string;
  /** The web page passage that matched (web pages only). */
  passage?: WebPagePassage;
  /** BM25+ score with field boosts (text-index.ts); comparable within one query only. */
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
