import { frequencyWeight, meaningWords } from './sentence-vectors';
import { indexTerm } from './english-terms';
import { unrelated } from './word-alignment';
import type { WordVectors } from './word-vectors';

// Customer questions the bot handed over, grouped by meaning so that AI training shows each
// thing customers ask once, with how often they asked it.

export interface AskedQuestion {
  id: string;
  text: string;
  askedAt: Date;
}

export interface QuestionGroup {
  /** Newest first: the first stands for the group. */
  questions: AskedQuestion[];
  latestAskedAt: Date;
}

/**
 * Least similarity of a question to a group for it to join. Paraphrases ("how many days until my
 * order arrives" / "when will my parcel arrive", 0.57) reach it; questions on other things
 * ("can I pay with paypal" / "which payment methods do you accept", 0.40; "is the store open on
 * sunday" / "do you sell gift cards", 0.28) do not. Questions on one subject that ask a little
 * differently ("how long does delivery take" / "do you ship to Canada", 0.70) do group: one pair
 * on shipping may well answer both.
 */
export const defaultGroupingThreshold = 0.55;

/** A group is compared through its newest questions only: enough to say what it asks. */
const comparedMembers = 3;
/** How far under the threshold a group's newest question may be for its others to be read. */
const farBelow = 0.15;

/** A question's words as ids of one grouping's vocabulary, with their weights. */
interface Words {
  ids: number[];
  weights: number[];
  total: number;
}

/**
 * Word closeness (as word-alignment.ts's WordCloseness) by word id, each pair computed once: grouping compares
 * every question with many groups, and string keys cost more than the closeness itself.
 */
class Vocabulary {
  private readonly idOf = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly terms: (string | null)[] = [];
  private readonly known = new Map<number, number>();

  constructor(private readonly vectors: WordVectors) {}

  wordsOf(text: string): Words {
    const ids: number[] = [];
    const weights: number[] = [];
    let total = 0;
    for (const word of meaningWords(text)) {
      let id = this.idOf.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.words.push(word);
        this.terms.push(indexTerm(word));
        this.idOf.set(word, id);
      }
      const weight = frequencyWeight(this.vectors.rank(word));
      ids.push(id);
      weights.push(weight);
      total += weight;
    }
    return { ids, weights, total };
  }

  close(a: number, b: number): number {
    if (a === b) return 1;
    const key = a < b ? a * 0x200000 + b : b * 0x200000 + a;
    let value = this.known.get(key);
    if (value === undefined) {
      const term = this.terms[a];
      if (term !== null && term === this.terms[b]) value = 1;
      else {
        const cosine = this.vectors.similarity(this.words[a]!, this.words[b]!) ?? 0;
        value = Math.max(0, (cosine - unrelated) / (1 - unrelated));
      }
      this.known.set(key, value);
    }
    return value;
  }

  /** The weighted share of `from`'s words that `to` holds in meaning (softCoverage). */
  coverage(from: Words, to: Words): number {
    if (from.total === 0) return 0;
    let covered = 0;
    for (let n = 0; n < from.ids.length; n++) {
      let best = 0;
      for (const other of to.ids) {
        best = Math.max(best, this.close(from.ids[n]!, other));
        if (best === 1) break;
      }
      covered += from.weights[n]! * best;
    }
    return covered / from.total;
  }

  /**
   * How close in meaning two questions are, 0 to 1: the mean of how much of each one's words
   * (weighted by how much an English word says: rare words more) the other holds, word by word.
   */
  similarity(a: Words, b: Words): number {
    return (this.coverage(a, b) + this.coverage(b, a)) / 2;
  }
}

/**
 * Greedy average-link clustering, newest question first: each question joins the group it is
 * closest to on average (over the group's newest few questions) when that is at least
 * `threshold`, else starts a group. Questions with no word that carries meaning stay alone.
 */
export function groupQuestions(
  vectors: WordVectors,
  questions: readonly AskedQuestion[],
  threshold: number = defaultGroupingThreshold,
): QuestionGroup[] {
  const vocabulary = new Vocabulary(vectors);
  const newestFirst = [...questions].sort(
    (a, b) => b.askedAt.getTime() - a.askedAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  const groups: { questions: AskedQuestion[]; words: Words[] }[] = [];
  for (const question of newestFirst) {
    const words = vocabulary.wordsOf(question.text);
    let best: (typeof groups)[number] | undefined;
    let bestSimilarity = threshold;
    if (words.total > 0) {
      for (const group of groups) {
        if (group.words.length === 0) continue;
        const [first, ...others] = group.words;
        let sum = vocabulary.similarity(words, first!);
        // Far from the group's newest question: the average cannot reach the threshold.
        if (sum < threshold - farBelow) continue;
        for (const other of others) sum += vocabulary.similarity(words, other);
        const similarity = sum / group.words.length;
        if (similarity >= bestSimilarity) {
          best = group;
          bestSimilarity = similarity;
        }
      }
    }
    if (!best) {
      groups.push({ questions: [question], words: words.total > 0 ? [words] : [] });
      continue;
    }
    best.questions.push(question);
    if (best.words.length < comparedMembers) best.words.push(words);
  }
  return groups.map((group) => ({
    questions: group.questions,
    latestAskedAt: group.questions[0]!.askedAt,
  }));
}
