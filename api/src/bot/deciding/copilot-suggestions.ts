import type { TrainingIndex } from '../retrieving/training-index';
import type { TrainingHit } from '../retrieving/training-search';
import { fuseCandidates, type FusedCandidate } from '../retrieving/fusion';
import {
  asksForPerson,
  productQuestion,
  smallTalk,
  type ProductQuestion,
} from '../understanding/customer-intents';
import {
  passageOf,
  productDescriptionAnswer,
  productFactsAnswer,
} from '../replying/training-answers';
import { defaultConfidenceThresholds, type ConfidenceThresholds } from './confidence';
import {
  decideReply,
  defaultMeaningSettings,
  maxSuggestions,
  searchTraining,
  type MeaningSettings,
} from './bot-reply';
import {
  minItemSimilarity,
  minSuggestionCoverage,
  minSuggestionSimilarity,
  pairProbability,
  suggestionShareRatio,
} from './pair-decision';

// What an agent sees beside their reply box: the training items that answer the customer's
// question, from the bot's own retrieval and ranked as the bot ranks them, the item the bot would
// answer with first. An agent reads them and chooses, so a pair the bot is only fairly sure of
// is shown too; a pair that holds nothing of the question never is.

/** A training item suggested to the agent, with the answer they may insert. */
export interface CopilotCandidate {
  kind: TrainingHit['kind'];
  id: string;
  /** The pair's question, the product's name or the page's title. */
  label: string;
  url: string | null;
  text: string;
  /** The item as a language model reads it (a product's price and stock from its fields). */
  passage: string;
  /** How likely it answers the question, 0 to 1. */
  confidence: number;
}

/**
 * Least modelled probability of the best pair for pairs to be suggested at all, below the bot's
 * own "Did you mean…" threshold: an agent reads the suggestions and their confidence before using
 * one. Chosen on the dev split of bench/bot (`npm run bench:bot` prints it): the least at which
 * suggestions are shown for at most a quarter of the questions the training cannot answer.
 */
export const minCopilotProbability = 0.1;

const holdsPartOfQuestion = ({ features }: FusedCandidate) =>
  features.lexicalCoverage >= minSuggestionCoverage ||
  features.questionVector >= minSuggestionSimilarity;

/** Whether a customer's message asks something the training may answer (not "thanks"). */
export function asksSomething(text: string): boolean {
  return text.trim() !== '' && !asksForPerson(text) && !smallTalk(text);
}

type Item = Pick<TrainingHit, 'kind' | 'id' | 'passage'>;

/** What a training item is called where an agent or admin sees it. */
export function sourceLabel(
  index: TrainingIndex,
  hit: Item,
): { label: string; url: string | null } {
  if (hit.kind === 'qna') return { label: index.qna(hit.id)?.question ?? '', url: null };
  if (hit.kind === 'product') return { label: index.product(hit.id)?.name ?? '', url: null };
  return { label: hit.passage?.title ?? '', url: hit.passage?.url ?? null };
}

/** The item's answer as the agent would send it; undefined when it left the training. */
function insertableText(index: TrainingIndex, hit: Item, asked: ProductQuestion) {
  if (hit.kind === 'qna') return index.qna(hit.id)?.answer;
  if (hit.kind === 'product') {
    const product = index.product(hit.id);
    if (!product) return undefined;
    // Prices and stock are said from the catalogue's fields, never from memory.
    return asked.price || asked.stock
      ? productFactsAnswer(product, asked)
      : productDescriptionAnswer(product);
  }
  return hit.passage?.text;
}

/** The pairs worth showing, in the bot's fused order, each with its modelled probability. */
function pairCandidates(
  index: TrainingIndex,
  question: string,
  query: Float32Array,
  hits: readonly TrainingHit[],
  meaning: MeaningSettings,
  minProbability: number,
): { item: Item; confidence: number }[] {
  const fused = fuseCandidates(index, query, hits, meaning.weights);
  const [first, second] = fused;
  if (!first) return [];
  const information = index.information(question);
  const best = pairProbability(first, second, information, meaning.decision);
  if (best < minProbability) return [];
  const pairs: { item: Item; confidence: number }[] = [];
  for (const candidate of fused.slice(0, maxSuggestions)) {
    // As in "Did you mean…": a runner-up far behind the best is noise.
    if (candidate.share < first.share * suggestionShareRatio) break;
    if (!holdsPartOfQuestion(candidate)) continue;
    const rival = candidate === first ? second : first;
    const own =
      candidate === first ? best : pairProbability(candidate, rival, information, meaning.decision);
    // Never surer of a pair than of one the bot ranks above it: the order is the bot's.
    const confidence = Math.min(own, pairs.at(-1)?.confidence ?? own);
    pairs.push({ item: { kind: 'qna', id: candidate.id }, confidence });
  }
  return pairs;
}

/** Products and page passages the full-text search or the meaning finds close enough. */
function itemCandidates(
  index: TrainingIndex,
  query: Float32Array | undefined,
  hits: readonly TrainingHit[],
  thresholds: ConfidenceThresholds,
): { item: Item; confidence: number }[] {
  const items = hits
    .filter((hit) => hit.kind !== 'qna' && hit.coverage >= thresholds.minCoverage)
    .map((hit) => ({ item: hit as Item, confidence: hit.coverage }));
  if (index.meaning && query) {
    for (const hit of index.meaning.search(query, maxSuggestions, 'others')) {
      const item = index.itemOf(hit.key);
      if (item && hit.bodySimilarity >= minItemSimilarity) {
        items.push({ item, confidence: hit.bodySimilarity });
      }
    }
  }
  return items;
}

/**
 * Up to three training items answering `text` (its sentence vector `query`): the one the bot
 * would answer with first, then the pairs in the bot's ranking and the products and passages,
 * the likelier first. None for small talk, for asking for a person, or when nothing is relevant.
 */
export function copilotSuggestions(
  index: TrainingIndex,
  text: string,
  query: Float32Array | undefined,
  thresholds: ConfidenceThresholds = defaultConfidenceThresholds,
  meaning: MeaningSettings = defaultMeaningSettings,
  minProbability = minCopilotProbability,
): CopilotCandidate[] {
  const decision = decideReply(index, text, query, thresholds, meaning);
  const { reply, question } = decision;
  // "A person please" or "thanks" asks nothing the training answers.
  if (reply.kind === 'handoff' && reply.reason === 'asked-for-person') return [];
  if (reply.kind === 'answer' && reply.sources.length === 0) return [];
  const asked = productQuestion(question);
  const { hits } = searchTraining(index, question, asked);
  const answered =
    reply.kind === 'answer' && decision.best
      ? [{ item: decision.best, confidence: decision.confidence ?? 1 }]
      : [];
  const pairs =
    query && index.meaning
      ? pairCandidates(index, question, query, hits, meaning, minProbability)
      : [];
  const rest = [...pairs, ...itemCandidates(index, query, hits, thresholds)];
  // Stable: pairs keep the bot's order among themselves.
  rest.sort((a, b) => b.confidence - a.confidence);

  const seen = new Set<string>();
  const suggestions: CopilotCandidate[] = [];
  for (const { item, confidence } of [...answered, ...rest]) {
    const key = `${item.kind}:${item.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const answer = insertableText(index, item, asked);
    const passage = passageOf(index, item);
    if (!answer || !passage) continue;
    suggestions.push({
      kind: item.kind,
      id: item.id,
      ...sourceLabel(index, item),
      text: answer,
      passage: passage.text,
      confidence: Math.min(1, Math.max(0, confidence)),
    });
    if (suggestions.length === maxSuggestions) break;
  }
  return suggestions;
}
