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
