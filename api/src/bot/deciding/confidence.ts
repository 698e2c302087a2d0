import type { TrainingHit } from '../retrieving/training-search';

/**
 * When the best match is trusted to answer. Scores of full-text search only compare hits of one
 * query, so the decision reads what does carry across queries: how much of the question the best
 * item covers (weighted by how rare each word is in the workspace's training), how much of it is
 * in the item's key fields (a pair's question, a product's name), how close the question is to
 * the item's key text as a whole (cosine), and how far ahead of the next item it is.
 */
export interface ConfidenceThresholds {
  /** Least share of the question the best item must cover. */
  minCoverage: number;
  /** Least share of the question found in the best item's key fields. */
  minKeyCoverage: number;
  /** Least cosine of the question and the best item's key fields. */
  minKeySimilarity: number;
  /** Below this coverage, the best item must also lead the next one by this share of its relevance. */
  minMargin: number;
  /** Coverage at or above which a close second does not make the answer doubtful. */
  sureCoverage: number;
  /**
   * Whether a close second is no doubt when the best item is also the one whose key text is
   * closest to the question (the two rankers agree).
   */
  agreementOutweighsMargin: boolean;
}

/**
 * Found by `node bench/bot.mjs --tune`: a grid search on the tuning third of the labelled questions
 * of bench/bot-data, where a right answer and a handed-over unknown question earn 1, a wrong answer
 * and an answered unknown question cost 2, and handing over a known question earns nothing. The
 * bench reports its figures on the other two thirds. The looser point the search now prefers
 * (agreement of the rankers outweighing the margin) answers more known questions but hands over
 * fewer than 85% of the unknown ones, so these stricter thresholds are kept (see bench/bot.mjs).
 */
export const defaultConfidenceThresholds: ConfidenceThresholds = {
  minCoverage: 0.45,
  minKeyCoverage: 0.1,
  minKeySimilarity: 0,
  minMargin: 0.3,
  sureCoverage: 0.7,
  agreementOutweighsMargin: false,
};

export function isConfident(
  best: TrainingHit,
  next: TrainingHit | undefined,
  thresholds: ConfidenceThresholds = defaultConfidenceThresholds,
): boolean {
  if (best.coverage < thresholds.minCoverage) return false;
  // A page's headings name its subject only roughly, and its text is where its facts are: a
  // passage covering most of the question is trusted though its headings share none of it.
  const sureFromText = best.kind === 'webpage' && best.coverage >= thresholds.sureCoverage;
  if (best.keyCoverage < thresholds.minKeyCoverage && !sureFromText) return false;
  if (best.keySimilarity < thresholds.minKeySimilarity) return false;
  if (!next || best.coverage >= thresholds.sureCoverage) return true;
  if (thresholds.agreementOutweighsMargin && best.closestKeyText) return true;
  return (best.relevance - next.relevance) / best.relevance >= thresholds.minMargin;
}
