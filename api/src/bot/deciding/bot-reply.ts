import { indexTerms } from '../understanding/english-terms';
import { defaultConfidenceThresholds, isConfident } from './confidence';
import type { ConfidenceThresholds } from './confidence';
import {
  asksForPerson,
  productQuestion,
  productQuestionTerms,
  smallTalk,
  withoutGreeting,
} from '../understanding/customer-intents';
import type { ProductQuestion, SmallTalk } from '../understanding/customer-intents';
import type { ProductCard, SourceLink } from 'shared-sdk/schemas';
import type { TrainingKind } from '../retrieving/training-documents';
import type { TrainingIndex } from '../retrieving/training-index';
import { answerText, passageOf, productCardOf } from '../replying/training-answers';
import type { TrainingHit } from '../retrieving/training-search';
import {
  defaultFeatureWeights,
  fuseCandidates,
  type FeatureWeights,
  type FusedCandidate,
} from '../retrieving/fusion';
import {
  defaultPairDecision,
  defaultSuggestThreshold,
  pairProbability,
  minSuggestionCoverage,
  minSuggestionSimilarity,
  minItemLead,
  minItemSimilarity,
  suggestionShareRatio,
  type PairDecision,
} from './pair-decision';

export type HandoffReason = 'asked-for-person' | 'not-confident';

export interface BotSource {
  kind: TrainingKind;
  id: string;
}

/**
 * What the bot says to one customer message. A handoff asks for a person: the conversation
 * routes set the conversation to pending and post `content` as the bot's message.
 */
export type BotReply =
  | {
      kind: 'answer';
      content: string;
      sources: BotSource[];
      productCard?: ProductCard;
      sourceLink?: SourceLink;
    }
  | { kind: 'handoff'; reason: HandoffReason; content: string }
  | { kind: 'suggestions'; content: string; suggestions: PairSuggestion[] };

/** A pair the bot offers to answer with when it is fairly but not fully sure which one is meant. */
export interface PairSuggestion {
  pairId: string;
  question: string;
}

/** Said above the suggested questions (the widget shows them as buttons). */
export const suggestionsMessage = 'Did you mean…';

/** At most this many questions are suggested. */
export const maxSuggestions = 3;

export const handoffMessages: Record<HandoffReason, string> = {
  'asked-for-person':
    "Of course — I've asked a member of our team to join. They'll reply here shortly.",
  'not-confident':
    "I'm not sure about that one, so I've asked a member of our team to join. They'll reply here shortly.",
};

/** The same handoffs outside the business hours: nobody will join soon, and the customer is told. */
export const awayHandoffMessages: Record<HandoffReason, string> = {
  'asked-for-person':
    "Of course — I've passed this on to our team. They're away right now and will reply here as soon as they're back.",
  'not-confident':
    "I'm not sure about that one, so I've passed it on to our team. They're away right now and will reply here as soon as they're back.",
};

/** Replies that state no fact, so they cannot be wrong about the business. */
export const smallTalkReplies: Record<SmallTalk, string> = {
  greeting: 'Hello! How can I help?',
  thanks: "You're welcome! Is there anything else I can help with?",
  acknowledgement: 'Is there anything else I can help with?',
};

/** Training text a language model may phrase an answer from, and nothing else. */
export interface Passage {
  source: BotSource;
  text: string;
}

/** The reply, and when it answers from training, the passages it was drawn from. */
export interface ReplyDecision {
  reply: BotReply;
  /** The customer's question without its greeting. */
  question: string;
  /** Best first; empty unless the reply answers from training. */
  passages: Passage[];
  /** The closest training item, whether or not it was trusted to answer. */
  best?: Pick<TrainingHit, 'kind' | 'id' | 'passage'>;
  /** How sure the bot is of `best`, 0 to 1. */
  confidence?: number;
}

/** How pairs are ranked and trusted when the index finds them by meaning too. */
export interface MeaningSettings {
  weights: FeatureWeights;
  decision: PairDecision;
  /**
   * Least probability of the best pair at which the bot asks ("Did you mean…") instead of
   * handing over, below `decision.threshold`; 1 or more: it never asks.
   */
  suggestThreshold: number;
}

export const defaultMeaningSettings: MeaningSettings = {
  weights: defaultFeatureWeights,
  decision: defaultPairDecision,
  suggestThreshold: defaultSuggestThreshold,
};

const priceTerms = indexTerms('cost price fee charge');

function handoff(reason: HandoffReason): BotReply {
  return { kind: 'handoff', reason, content: handoffMessages[reason] };
}

/** The full-text search of the training for a customer's question. */
export function searchTraining(index: TrainingIndex, question: string, asked: ProductQuestion) {
  return index.find(question, {
    limit: 10,
    ignoredTerms:
      asked.stock || asked.price ? { kinds: ['product'], terms: productQuestionTerms } : undefined,
    // "How much is shipping?" is the pair about what shipping costs, not any pair on shipping.
    extraTerms: asked.price ? priceTerms : [],
  });
}

/**
 * A pair answers or is suggested only when it holds part of the question, by its words or their meaning: in
 * a workspace of a few pairs the best one stands out (its share) whatever it is about.
 */
const holdsPartOfQuestion = ({ features }: FusedCandidate) =>
  features.lexicalCoverage >= minSuggestionCoverage ||
  features.questionVector >= minSuggestionSimilarity;

/** The best pair by both retrievers, and whether the pair decision trusts it to answer. */
function surePair(
  index: TrainingIndex,
  question: string,
  query: Float32Array,
  hits: readonly TrainingHit[],
  { weights, decision }: MeaningSettings,
) {
  const candidates = fuseCandidates(index, query, hits, weights);
  const [first, second] = candidates;
  if (!first) return undefined;
  const information = index.information(question);
  const probability = pairProbability(first, second, information, decision);
  // In a workspace of one or two pairs the best stands out whatever it is about: it must also
  // hold part of the question.
  const sure = probability >= decision.threshold && holdsPartOfQuestion(first);
  return { id: first.id, probability, sure, candidates };
}

/** The best candidates' questions, offered when the best is likely but not sure enough. */
function suggestionsOf(
  index: TrainingIndex,
  candidates: readonly FusedCandidate[],
): PairSuggestion[] {
  const suggestions: PairSuggestion[] = [];
  for (const candidate of candidates.slice(0, maxSuggestions)) {
    // A runner-up far behind the best would only be noise among the buttons.
    if (candidate.share < candidates[0]!.share * suggestionShareRatio) break;
    if (!holdsPartOfQuestion(candidate)) continue;
    const qna = index.qna(candidate.id);
    if (qna) suggestions.push({ pairId: candidate.id, question: qna.question });
  }
  return suggestions;
}

/**
 * The product or page passage closest in meaning to the question, as a full-text hit, when it is
 * close enough to answer by itself and stands out from the next (`minItemSimilarity`,
 * `minItemLead`); pairs are decided by surePair.
 */
function itemByMeaning(index: TrainingIndex, query: Float32Array): TrainingHit | undefined {
  const [hit, next] = index.meaning!.search(query, 2, 'others');
  const sure =
    hit &&
    hit.bodySimilarity >= minItemSimilarity &&
    hit.bodySimilarity - (next?.bodySimilarity ?? 0) >= minItemLead;
  const item = sure ? index.itemOf(hit.key) : undefined;
  if (!item) return undefined;
  return {
    ...item,
    score: 0,
    coverage: hit!.bodySimilarity,
    keyCoverage: 0,
    keySimilarity: 0,
    bodySimilarity: hit!.bodySimilarity,
    relevance: 0,
    closestKeyText: true,
  };
}

/** The trusted pair's answer, with the passages a language model may phrase it from. */
function pairAnswer(
  index: TrainingIndex,
  question: string,
  pair: { id: string; probability: number },
  hits: readonly TrainingHit[],
  thresholds: ConfidenceThresholds,
): ReplyDecision | undefined {
  const qna = index.qna(pair.id);
  if (!qna) return undefined;
  const source = { kind: 'qna' as const, id: pair.id };
  const others = hits.filter(
    (hit) => !(hit.kind === 'qna' && hit.id === pair.id) && hit.coverage >= thresholds.minCoverage,
  );
  const passages = [source, ...others]
    .slice(0, 3)
    .map((hit) => passageOf(index, hit))
    .filter((passage): passage is Passage => passage !== undefined);
  return {
    reply: { kind: 'answer', content: qna.answer, sources: [source] },
    question,
    passages,
    best: source,
    confidence: pair.probability,
  };
}

/**
 * Decides the reply to one customer message from the workspace's training: a person when asked
 * for, a short polite reply to small talk, the best training item's answer when the match is
 * confident, else a handoff. It never answers with anything that is not in the training.
 */
export function decideReply(
  index: TrainingIndex,
  text: string,
  query: Float32Array | undefined,
  thresholds: ConfidenceThresholds = defaultConfidenceThresholds,
  meaning: MeaningSettings = defaultMeaningSettings,
): ReplyDecision {
  const question = withoutGreeting(text);
  if (asksForPerson(text)) return { reply: handoff('asked-for-person'), question, passages: [] };
  const talk = smallTalk(text);
  if (talk) {
    return {
      reply: { kind: 'answer', content: smallTalkReplies[talk], sources: [] },
      question,
      passages: [],
    };
  }

  const asked = productQuestion(question);
  const { hits } = searchTraining(index, question, asked);
  const [lexicalBest, next] = hits;
  const lexicalSure = lexicalBest !== undefined && isConfident(lexicalBest, next, thresholds);
  if (index.meaning && query) {
    // A question a pair was taught, in its words or nearly, is that pair's whatever the scores.
    const taught = index.sameQuestion(question);
    const exact =
      taught && pairAnswer(index, question, { id: taught, probability: 1 }, hits, thresholds);
    if (exact) return exact;
    const pair = surePair(index, question, query, hits, meaning);
    const answered = pair?.sure && pairAnswer(index, question, pair, hits, thresholds);
    if (answered) return answered;
    // A product or a passage the full-text search is not sure of, asked about in other words
    // than its own, is found by meaning.
    const item =
      lexicalSure && lexicalBest.kind !== 'qna' ? undefined : itemByMeaning(index, query);
    if (item) return itemAnswer(index, question, item, [item, ...hits], asked, thresholds);
    // A pair answers only when the pair decision trusts it; products and pages keep the
    // full-text decision.
    if (pair && (!lexicalBest || lexicalBest.kind === 'qna')) {
      const closest = { kind: 'qna' as const, id: pair.id };
      if (pair.probability >= meaning.suggestThreshold) {
        const suggestions = suggestionsOf(index, pair.candidates);
        if (suggestions.length > 0) {
          const reply: BotReply = { kind: 'suggestions', content: suggestionsMessage, suggestions };
          return { reply, question, passages: [], best: closest, confidence: pair.probability };
        }
      }
      const reply = handoff('not-confident');
      return { reply, question, passages: [], best: closest, confidence: pair.probability };
    }
  }
  if (!lexicalBest || !lexicalSure) {
    const reply = handoff('not-confident');
    return { reply, question, passages: [], best: lexicalBest, confidence: lexicalBest?.coverage };
  }
  return itemAnswer(index, question, lexicalBest, hits, asked, thresholds);
}

/** The answer of a training item the bot is sure of, with what a language model may draw on. */
function itemAnswer(
  index: TrainingIndex,
  question: string,
  best: TrainingHit,
  hits: readonly TrainingHit[],
  asked: ProductQuestion,
  thresholds: ConfidenceThresholds,
): ReplyDecision {
  const content = answerText(index, best, asked);
  if (!content) return { reply: handoff('not-confident'), question, passages: [], best };

  // The model may draw on the runners-up that are themselves good matches, never on weak ones.
  const passages = hits
    .filter((hit) => hit === best || hit.coverage >= thresholds.minCoverage)
    .slice(0, 3)
    .map((hit) => passageOf(index, hit))
    .filter((passage): passage is Passage => passage !== undefined);
  const product = best.kind === 'product' ? index.product(best.id) : undefined;
  const offered = product?.status === 'active' ? product : undefined;
  const page = best.passage;
  return {
    reply: {
      kind: 'answer',
      content,
      sources: [{ kind: best.kind, id: best.id }],
      ...(offered ? { productCard: productCardOf(offered) } : {}),
      ...(page ? { sourceLink: { url: page.url, title: page.title } } : {}),
    },
    question,
    passages,
    best,
    confidence: best.coverage,
  };
}
