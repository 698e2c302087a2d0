import { isConfident } from '../deciding/confidence';
import type { TrainingIndex } from './training-index';
import type { TrainingHit } from './training-search';

// One ranking of a workspace's Q&A pairs from two retrievers: the full-text search (BM25+ with
// its re-ranking, training-index.ts) and meaning (the sentence encoder's vectors,
// retrieving/vector-index.ts). Each candidate is described by what both say of it; a linear blend
// of those features, fitted on the dev split of bench/bot (node bench/bot.mjs --fit), orders them.

/** What the retrievers say of one candidate pair (0 when a retriever missed it). */
export interface CandidateFeatures {
  /** Full-text relevance relative to the best full-text hit. */
  lexicalRelevance: number;
  /** Share of the question's terms (rarity-weighted) the pair holds, typos at partial credit. */
  lexicalCoverage: number;
  /** TF-IDF cosine of the question and the pair's question and topics. */
  keySimilarity: number;
  /** Reciprocal rank in the full-text search (1 first, 1/2 second…). */
  lexicalRank: number;
  /** 1 when it is the full-text search's best hit and the full-text decision trusts it, else 0. */
  lexicalTrusted: number;
  /** Cosine of the sentence vectors of the question and of the pair's question. */
  questionVector: number;
  /** Cosine of the sentence vectors of the question and of the pair's answer. */
  answerVector: number;
  /** Reciprocal rank by meaning. */
  vectorRank: number;
  /** How far the pair's question is closer in meaning than the best other pair's (may be < 0). */
  vectorLead: number;
}

export const featureNames = [
  'lexicalRelevance',
  'lexicalCoverage',
  'keySimilarity',
  'lexicalRank',
  'lexicalTrusted',
  'questionVector',
  'answerVector',
  'vectorRank',
  'vectorLead',
] as const satisfies readonly (keyof CandidateFeatures)[];

export type FeatureWeights = Record<keyof CandidateFeatures, number>;

/** One candidate pair, its features and its blended score; comparable within one question. */
export interface FusedCandidate {
  id: string;
  features: CandidateFeatures;
  score: number;
  /** Its share of the candidates' softmax of scores: how much it stands out from the rest. */
  share: number;
}

/** Pairs taken from the ranking by meaning besides the full-text search's hits. */
export const vectorCandidates = 10;

/** Fitted by `node bench/bot.mjs --fit` on the dev split (listwise, softmax over candidates). */
export const defaultFeatureWeights: FeatureWeights = {
  lexicalRelevance: -1.073,
  lexicalCoverage: 2.961,
  keySimilarity: 0.536,
  lexicalRank: 1.416,
  lexicalTrusted: 0.033,
  questionVector: 1.67,
  answerVector: 5.823,
  vectorRank: 1.772,
  vectorLead: 2.743,
};

export function blend(features: CandidateFeatures, weights: FeatureWeights): number {
  let score = 0;
  for (const name of featureNames) score += weights[name] * features[name];
  return score;
}

/**
 * The pairs either retriever found for `question` (its sentence vector `query`), best first by the
 * blend of `weights`. `lexicalHits` are the full-text search's hits for the same question (other
 * kinds are skipped).
 */
export function fuseCandidates(
  index: TrainingIndex,
  query: Float32Array,
  lexicalHits: readonly TrainingHit[],
  weights: FeatureWeights = defaultFeatureWeights,
): FusedCandidate[] {
  const meaning = index.meaning;
  if (!meaning) return [];
  const pairHits = lexicalHits.filter((hit) => hit.kind === 'qna');
  const topRelevance = pairHits[0]?.relevance ?? 1;
  const [first, second] = lexicalHits;
  const trusted = first?.kind === 'qna' && isConfident(first, second) ? first.id : undefined;
  const byVector = meaning.search(query, vectorCandidates, 'pairs');
  const vectorIds = byVector.map((hit) => hit.key.slice('qna:'.length));
  const ids = [...new Set([...pairHits.map((hit) => hit.id), ...vectorIds])];
  const similarities = new Map(
    ids.map((id) => [id, meaning.similarity(query, `qna:${id}`)] as const),
  );
  const closest = [...similarities.values()]
    .map((hit) => hit?.keySimilarity ?? 0)
    .sort((a, b) => b - a);
  const candidates = ids.map((id) => {
    const lexicalAt = pairHits.findIndex((hit) => hit.id === id);
    const lexical = pairHits[lexicalAt];
    const vectorAt = vectorIds.indexOf(id);
    const vector = similarities.get(id);
    const questionVector = vector?.keySimilarity ?? 0;
    const bestOther = questionVector === closest[0] ? (closest[1] ?? 0) : (closest[0] ?? 0);
    const features: CandidateFeatures = {
      lexicalRelevance: lexical ? lexical.relevance / topRelevance : 0,
      lexicalCoverage: lexical?.coverage ?? 0,
      keySimilarity: lexical?.keySimilarity ?? 0,
      lexicalRank: lexicalAt >= 0 ? 1 / (lexicalAt + 1) : 0,
      lexicalTrusted: id === trusted ? 1 : 0,
      questionVector,
      answerVector: vector?.bodySimilarity ?? 0,
      vectorRank: vectorAt >= 0 ? 1 / (vectorAt + 1) : 0,
      vectorLead: questionVector - bestOther,
    };
    return { id, features, score: blend(features, weights), share: 0 };
  });
  const sameAnswer = onePerAnswer(index, candidates);
  if (sameAnswer.length === 0) return [];
  const top = Math.max(...sameAnswer.map(({ score }) => score));
  let total = 0;
  for (const candidate of sameAnswer) total += Math.exp(candidate.score - top);
  for (const candidate of sameAnswer) candidate.share = Math.exp(candidate.score - top) / total;
  return sameAnswer.sort((a, b) => b.score - a.score);
}

/** An answer's words, whatever their case, spacing or punctuation. */
const answerKey = (answer: string) =>
  answer
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim();

/**
 * The candidates with one per answer: pairs that give the same answer to other wordings of a
 * question (each wording taught, or saved from a conversation, as its own pair) are one choice
 * for the customer, so they are one candidate, the best-scored wording, and do not split its
 * share between them.
 */
function onePerAnswer(index: TrainingIndex, candidates: FusedCandidate[]): FusedCandidate[] {
  const best = new Map<string, FusedCandidate>();
  for (const candidate of candidates) {
    const answer = index.qna(candidate.id)?.answer;
    const key = answer === undefined ? `id:${candidate.id}` : answerKey(answer);
    const held = best.get(key);
    if (!held || candidate.score > held.score) best.set(key, candidate);
  }
  return [...best.values()];
}
