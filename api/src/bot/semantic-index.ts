import type SearchableMap from 'minisearch/SearchableMap';
import { indexTerm } from './english-terms';
import { closestTrainingWord } from './query-matching';
import { meaningWords, normalise, sentenceVector } from './sentence-vectors';
import { softCoverage, WordCloseness } from './word-alignment';
import type { WordVectors } from './word-vectors';

/** A Q&A pair close in meaning to a question. */
export interface SemanticHit {
  id: string;
  /** Cosine of the question's sentence vector and the pair's question's, -1 to 1. */
  questionSimilarity: number;
  /** Cosine with the pair's answer: weaker evidence, an answer says much that was not asked. */
  answerSimilarity: number;
}

/** How a pair's words line up with a question's (see word-alignment.ts), each 0 to 1. */
export interface Alignment {
  id: string;
  /** Share of the question's meaning the pair's question holds. */
  questionCovered: number;
  /** Share of the pair's question's meaning the question holds: low when it asks something more. */
  pairCovered: number;
  /** Share of the question's meaning the pair's answer holds. */
  answerCovers: number;
}

/** The dot product of `query` with the row of `rows` that starts at `start`. */
function dot(query: Float32Array, rows: Float32Array, start: number): number {
  let sum = 0;
  for (let d = 0; d < query.length; d++) sum += query[d]! * rows[start + d]!;
  return sum;
}

/**
 * The dot product of `query` with each of the `count` rows of `rows`: the one loop that reads
 * every pair, so it runs four dimensions a step with four sums (fewer bounds checks and a
 * shorter dependency chain) and ends on the dimensions a step of four leaves over.
 */
function similarities(query: Float32Array, rows: Float32Array, count: number): Float32Array {
  const dimensions = query.length;
  const steps = dimensions - (dimensions % 4);
  const result = new Float32Array(count);
  for (let row = 0, start = 0; row < count; row++, start += dimensions) {
    let a = 0;
    let b = 0;
    let c = 0;
    let e = 0;
    let d = 0;
    for (; d < steps; d += 4) {
      a += query[d]! * rows[start + d]!;
      b += query[d + 1]! * rows[start + d + 1]!;
      c += query[d + 2]! * rows[start + d + 2]!;
      e += query[d + 3]! * rows[start + d + 3]!;
    }
    for (; d < dimensions; d++) a += query[d]! * rows[start + d]!;
    result[row] = a + b + c + e;
  }
  return result;
}

/**
 * What a question asks, regardless of wording around it: its meaning words' index terms (stems)
 * and its numbers, sorted. Two questions with the same key differ only in stop words, word order
 * or inflection ("How do I return an item?", "Can I return items?").
 */
function questionKey(words: readonly string[], text: string): string {
  const terms = new Set<string>(text.match(/\d+/g) ?? []);
  for (const word of words) {
    const term = indexTerm(word);
    if (term) terms.add(term);
  }
  return [...terms].sort().join(' ');
}

/** `vector` minus `mean`, at unit length again. */
function centred(vector: Float32Array, mean: Float32Array): Float32Array {
  for (let d = 0; d < vector.length; d++) vector[d]! -= mean[d]!;
  return normalise(vector);
}

/** What the vectors read of the workspace's whole training (training-index.ts keeps it). */
export interface TrainingStatistics {
  /** The training's words as written, with how many documents hold each: typos are corrected to them. */
  vocabulary: SearchableMap<number>;
  /** A word's weight in this workspace: more the rarer it is in the training. */
  weightOf(word: string): number;
  /** The weight of a word the training never uses: the most any word weighs. */
  unseenWeight(): number;
  /** Changes whenever the weights do. */
  version(): number;
}

interface HeldPair {
  questionWords: string[];
  answerWords: string[];
  /** See questionKey. */
  key: string;
}

/**
 * The sentence vectors of a workspace's Q&A pairs, searched by brute force (a few thousand
 * pairs of 100 numbers each take well under a millisecond). The vectors depend on the
 * workspace's word weights, which change with every item added or removed: they are computed
 * again, all at once, at the first search after a change.
 */
export class SemanticIndex {
  private readonly pairs = new Map<string, HeldPair>();
  private built?: {
    version: number;
    ids: string[];
    /** Each pair's row in `questions` and `answers`. */
    rowOf: Map<string, number>;
    /** The pairs by their question's key. */
    byKey: Map<string, string[]>;
    questions: Float32Array;
    answers: Float32Array;
    /** The mean of the pairs' question vectors: what every question of this training shares. */
    mean: Float32Array;
  };

  constructor(
    private readonly vectors: WordVectors,
    private readonly training: TrainingStatistics,
  ) {}

  upsert(id: string, question: string, answer: string): void {
    const questionWords = meaningWords(question);
    this.pairs.set(id, {
      questionWords,
      answerWords: meaningWords(answer),
      key: questionKey(questionWords, question),
    });
    this.built = undefined;
  }

  remove(id: string): void {
    if (this.pairs.delete(id)) this.built = undefined;
  }

  /**
   * The `limit` pairs whose question is closest in meaning to `text`, best first, then the pairs
   * of `also` that are not among them.
   */
  search(text: string, limit: number, also: ReadonlySet<string> = new Set()): SemanticHit[] {
    const { weightOf } = this.training;
    const { ids, rowOf, questions, answers, mean } = this.build();
    const words = this.wordsOf(text);
    const query = centred(normalise(sentenceVector(this.vectors, words, weightOf)), mean);
    const toQuestions = similarities(query, questions, ids.length);
    // The best `limit` rows by their question; answers are read for those (and `also`) only.
    const best: number[] = [];
    for (let row = 0; row < ids.length; row++) {
      const similarity = toQuestions[row]!;
      if (best.length === limit && similarity <= toQuestions[best[limit - 1]!]!) continue;
      let at = Math.min(best.length, limit - 1);
      while (at > 0 && toQuestions[best[at - 1]!]! < similarity) at--;
      best.splice(at, 0, row);
      if (best.length > limit) best.pop();
    }
    const chosen = new Set(best);
    for (const id of also) {
      const row = rowOf.get(id);
      if (row !== undefined) chosen.add(row);
    }
    return [...chosen].map((row) => ({
      id: ids[row]!,
      questionSimilarity: toQuestions[row]!,
      answerSimilarity: dot(query, answers, row * query.length),
    }));
  }

  /**
   * The one pair whose question asks what `text` asks in other stop words, order or inflection
   * (typos corrected to the training's words); undefined when none does, or several do.
   */
  sameQuestion(text: string): string | undefined {
    const key = questionKey(this.wordsOf(text), text);
    if (key === '') return undefined;
    const ids = this.build().byKey.get(key);
    return ids?.length === 1 ? ids[0] : undefined;
  }

  /** How the words of each of the pairs `ids` line up with the question's words. */
  align(text: string, ids: readonly string[]): Alignment[] {
    const { weightOf } = this.training;
    const words = this.wordsOf(text);
    const closeness = new WordCloseness(this.vectors);
    return ids.flatMap((id) => {
      const pair = this.pairs.get(id);
      if (!pair) return [];
      return [
        {
          id,
          questionCovered: softCoverage(words, pair.questionWords, closeness, weightOf),
          pairCovered: softCoverage(pair.questionWords, words, closeness, weightOf),
          answerCovers: softCoverage(words, pair.answerWords, closeness, weightOf),
        },
      ];
    });
  }

  /**
   * How much `text` says in this workspace: its meaning words' weights summed, in units of the
   * weight of a word the training never uses (so about the number of its rare words, whatever
   * the size of the training). A question of one or two common words ("phone number") fits
   * many pairs a little; the pair decision trusts its best match less.
   */
  information(text: string): number {
    const { weightOf, unseenWeight } = this.training;
    let sum = 0;
    for (const word of this.wordsOf(text)) sum += weightOf(word);
    return sum / unseenWeight();
  }

  /**
   * The words of a question that carry its meaning. An English word is taken as written; one the
   * table lacks is read as the training word it is a typo of, if any.
   */
  private wordsOf(text: string): string[] {
    return meaningWords(text).map((word) =>
      this.vectors.rank(word) >= 0 ? word : closestTrainingWord(word, this.training.vocabulary),
    );
  }

  private build() {
    const { weightOf } = this.training;
    const version = this.training.version();
    if (this.built?.version === version) return this.built;
    const dimensions = this.vectors.dimensions;
    const ids = [...this.pairs.keys()];
    const questions = new Float32Array(ids.length * dimensions);
    const answers = new Float32Array(ids.length * dimensions);
    const questionVectors = ids.map((id) =>
      normalise(sentenceVector(this.vectors, this.pairs.get(id)!.questionWords, weightOf)),
    );
    const mean = new Float32Array(dimensions);
    for (const vector of questionVectors)
      for (let d = 0; d < dimensions; d++) mean[d]! += vector[d]! / ids.length;
    ids.forEach((id, row) => {
      questions.set(centred(questionVectors[row]!, mean), row * dimensions);
      const answer = sentenceVector(this.vectors, this.pairs.get(id)!.answerWords, weightOf);
      answers.set(centred(normalise(answer), mean), row * dimensions);
    });
    const rowOf = new Map(ids.map((id, row) => [id, row]));
    const byKey = new Map<string, string[]>();
    for (const id of ids) {
      const { key } = this.pairs.get(id)!;
      if (key === '') continue;
      const same = byKey.get(key);
      if (same) same.push(id);
      else byKey.set(key, [id]);
    }
    this.built = { version, ids, rowOf, byKey, questions, answers, mean };
    return this.built;
  }
}
