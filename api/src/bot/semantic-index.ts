import type SearchableMap from 'minisearch/SearchableMap';
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

/** The dot product of `query` with each of the `count` rows of `rows`. */
function similarities(query: Float32Array, rows: Float32Array, count: number): Float32Array {
  const result = new Float32Array(count);
  for (let row = 0; row < count; row++) result[row] = dot(query, rows, row * query.length);
  return result;
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
  /** Changes whenever the weights do. */
  version(): number;
}

interface HeldPair {
  questionWords: string[];
  answerWords: string[];
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
    this.pairs.set(id, {
      questionWords: meaningWords(question),
      answerWords: meaningWords(answer),
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
    const { ids, questions, answers, mean } = this.build();
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
    if (also.size > 0) ids.forEach((id, row) => also.has(id) && chosen.add(row));
    return [...chosen].map((row) => ({
      id: ids[row]!,
      questionSimilarity: toQuestions[row]!,
      answerSimilarity: dot(query, answers, row * query.length),
    }));
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
    this.built = { version, ids, questions, answers, mean };
    return this.built;
  }
}
