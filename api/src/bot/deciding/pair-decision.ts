import type { FusedCandidate } from '../retrieving/fusion';

/** What the decision reads of the best candidate. */
export const decisionInputNames = [
  'share',
  'score',
  'lead',
  'lexicalCoverage',
  'lexicalTrusted',
  'questionVector',
  'answerVector',
  'vectorLead',
  'runnerUpShare',
  'questionInformation',
] as const;
export type DecisionInput = (typeof decisionInputNames)[number];

/**
 * When the best fused candidate pair is trusted to answer: a logistic model of how likely it is to
 * be the pair the customer asked about, read from how much it stands out (its softmax share, the
 * runner-up's share and its lead over the next candidate), its blended score, how much of the
 * question it covers, how close in meaning it is (and how much closer than the next pair), and
 * how much the question says at all (see TrainingIndex.information).
 * Fitted on the dev split of bench/bot (`node bench/bot.mjs --fit`), where a question whose best
 * candidate was wrong, or that no pair answers, is a negative, weighted `negativeWeight` times a
 * positive: the threshold keeps wrong answers near 1%, so what counts is how the model orders its
 * most confident questions, and that is where the negatives are few. The threshold is the least
 * probability that kept wrong answers under the goal on that split.
 */
export interface PairDecision {
  weights: Record<DecisionInput, number>;
  bias: number;
  /** Least probability at which the pair answers. */
  threshold: number;
}

/**
 * How much a negative weighs against a positive in the fit: chosen on the dev split of bench/bot
 * with the word-vector method before the encoder, where 10 answered more questions right at the
 * goal's wrong rate than 1 or 3 (22.2% of its questions against 21.8% and 20.4%); kept for the
 * encoder's fit, not chosen again.
 */
export const negativeWeight = 10;

export const defaultPairDecision: PairDecision = {
  weights: {
    share: 3.395,
    score: -0.57,
    lead: 0.431,
    lexicalCoverage: 1.487,
    lexicalTrusted: 0.947,
    questionVector: -0.996,
    answerVector: 7.361,
    vectorLead: 4.641,
    runnerUpShare: 3.347,
    questionInformation: -0.443,
  },
  bias: -5.073,
  threshold: 0.44,
};

/**
 * Below the answer threshold and at or above this, the bot asks "Did you mean…" with the best
 * pairs' questions instead of handing over ("None of these" still hands over). Chosen on the dev
 * split of bench/bot (`node bench/bot.mjs --fit`): the least probability at which the suggestions
 * held the pair asked about for at least `suggestionPrecisionGoal` of the questions they were shown
 * for, unknown questions counting as misses, and were shown for at most `maxUnknownSuggested` of
 * the unknown questions (the rest of those are handed over at once).
 */
export const defaultSuggestThreshold = 0.2;
export const suggestionPrecisionGoal = 0.6;
export const maxUnknownSuggested = 0.15;

/** A runner-up is suggested only when its softmax share is at least this part of the best's. */
export const suggestionShareRatio = 0.2;

/** Least share of the question's terms a suggested pair holds… */
export const minSuggestionCoverage = 0.25;
/**
 * …or least cosine of its question with the customer's: on the dev split of bench/bot, the
 * unknown questions' closest pair question has a median cosine of 0.47, the paraphrases whose
 * pair ranks first 0.62.
 */
export const minSuggestionSimilarity = 0.45;

/**
 * Least cosine of a question with a product's or a page passage's text for it to answer when the
 * full-text search is not sure, and how far it must lead the next such item. The labelled set
 * has no products or pages to fit it on: at 0.5, half the dev split's unknown questions would
 * reach a pair's answer as closely (median 0.48 with the closest answer), so the item must also
 * stand out from the next one.
 */
export const minItemSimilarity = 0.5;
export const minItemLead = 0.05;

/**
 * What the decision reads: of the best and next candidates, and `information`, how much the
 * question says (TrainingIndex.information).
 */
export function decisionInputs(
  best: FusedCandidate,
  next: FusedCandidate | undefined,
  information: number,
): Record<DecisionInput, number> {
  return {
    share: best.share,
    score: best.score,
    lead: best.score - (next?.score ?? 0),
    lexicalCoverage: best.features.lexicalCoverage,
    lexicalTrusted: best.features.lexicalTrusted,
    questionVector: best.features.questionVector,
    answerVector: best.features.answerVector,
    vectorLead: best.features.vectorLead,
    runnerUpShare: next?.share ?? 0,
    // Logarithmic: a third rare word adds less than the second.
    questionInformation: Math.log1p(information),
  };
}

/** The modelled probability that `best` is the pair asked about. */
export function pairProbability(
  best: FusedCandidate,
  next: FusedCandidate | undefined,
  information: number,
  decision: PairDecision = defaultPairDecision,
): number {
  const inputs = decisionInputs(best, next, information);
  let sum = decision.bias;
  for (const name of decisionInputNames) sum += decision.weights[name] * inputs[name];
  return 1 / (1 + Math.exp(-sum));
}
