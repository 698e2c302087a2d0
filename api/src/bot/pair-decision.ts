import type { FusedCandidate } from './fusion';

/** What the decision reads of the best candidate. */
export const decisionInputNames = [
  'share',
  'score',
  'lead',
  'lexicalCoverage',
  'lexicalTrusted',
  'questionCovered',
  'pairCovered',
] as const;
export type DecisionInput = (typeof decisionInputNames)[number];

/**
 * When the best fused candidate pair is trusted to answer: a logistic model of how likely it is to
 * be the pair the customer asked about, read from how much it stands out (its softmax share and
 * its lead over the next candidate), its blended score, and how much of the question it covers. Fitted on the dev split of bench/bot (`node bench/bot.mjs --fit`), where
 * a question whose best candidate was wrong, or that no pair answers, is a negative; the threshold
 * is the least probability that kept wrong answers under the goal on that split.
 */
export interface PairDecision {
  weights: Record<DecisionInput, number>;
  bias: number;
  /** Least probability at which the pair answers. */
  threshold: number;
}

export const defaultPairDecision: PairDecision = {
  weights: {
    share: 2.053,
    score: 0.169,
    lead: 0.204,
    lexicalCoverage: 0.237,
    lexicalTrusted: 0.788,
    questionCovered: -0.352,
    pairCovered: -0.427,
  },
  bias: -3.52,
  threshold: 0.74,
};

/**
 * Below the answer threshold and at or above this, the bot asks "Did you mean…" with the best
 * pairs' questions instead of handing over ("None of these" still hands over). Chosen on the dev
 * split of bench/bot (`node bench/bot.mjs --fit`): the least probability at which the suggestions
 * held the pair asked about for at least `suggestionPrecisionGoal` of the questions they were shown
 * for, unknown questions counting as misses, and were shown for at most `maxUnknownSuggested` of
 * the unknown questions (the rest of those are handed over at once).
 */
export const defaultSuggestThreshold = 0.3;
export const suggestionPrecisionGoal = 0.6;
export const maxUnknownSuggested = 0.15;

/** A runner-up is suggested only when its softmax share is at least this part of the best's. */
export const suggestionShareRatio = 0.2;

/** Least share of the question a suggested pair holds (word-aligned, or by its terms). */
export const minSuggestionCoverage = 0.25;

export function decisionInputs(
  best: FusedCandidate,
  next: FusedCandidate | undefined,
): Record<DecisionInput, number> {
  return {
    share: best.share,
    score: best.score,
    lead: best.score - (next?.score ?? 0),
    lexicalCoverage: best.features.lexicalCoverage,
    lexicalTrusted: best.features.lexicalTrusted,
    questionCovered: best.features.questionCovered,
    pairCovered: best.features.pairCovered,
  };
}

/** The modelled probability that `best` is the pair asked about. */
export function pairProbability(
  best: FusedCandidate,
  next: FusedCandidate | undefined,
  decision: PairDecision = defaultPairDecision,
): number {
  const inputs = decisionInputs(best, next);
  let sum = decision.bias;
  for (const name of decisionInputNames) sum += decision.weights[name] * inputs[name];
  return 1 / (1 + Math.exp(-sum));
}
