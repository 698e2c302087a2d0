import { meaningWords } from '../understanding/meaning-words';

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
 * Least cosine of the sentence vectors of a question and a group for it to join. Paraphrases
 * ("Do you rent out kayaks?" / "Can I hire a kayak for the weekend?", "where can I park my car" /
 * "Is there parking near the store?") reach it; questions on other things ("can I pay with
 * paypal" / "is the store open on sunday") do not.
 */
export const defaultGroupingThreshold = 0.5;

/** A group is compared through its newest questions only: enough to say what it asks. */
const comparedMembers = 3;

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}

/**
 * Greedy average-link clustering, newest question first: each question joins the group it is
 * closest to on average (over the group's newest few questions) when that is at least
 * `threshold`, else starts a group. `vectors` are the questions' unit sentence vectors, in the
 * same order. Questions with no word that carries meaning stay alone.
 */
export function groupQuestions(
  questions: readonly AskedQuestion[],
  vectors: readonly Float32Array[],
  threshold: number = defaultGroupingThreshold,
): QuestionGroup[] {
  const vectorOf = new Map(questions.map((question, n) => [question, vectors[n]!]));
  const newestFirst = [...questions].sort(
    (a, b) => b.askedAt.getTime() - a.askedAt.getTime() || (a.id < b.id ? 1 : -1),
  );
  const groups: { questions: AskedQuestion[]; vectors: Float32Array[] }[] = [];
  for (const question of newestFirst) {
    const vector = vectorOf.get(question)!;
    const meaningful = meaningWords(question.text).length > 0;
    let best: (typeof groups)[number] | undefined;
    let bestSimilarity = threshold;
    if (meaningful) {
      for (const group of groups) {
        if (group.vectors.length === 0) continue;
        let sum = 0;
        for (const other of group.vectors) sum += cosine(vector, other);
        const similarity = sum / group.vectors.length;
        if (similarity >= bestSimilarity) {
          best = group;
          bestSimilarity = similarity;
        }
      }
    }
    if (!best) {
      groups.push({ questions: [question], vectors: meaningful ? [vector] : [] });
      continue;
    }
    best.questions.push(question);
    if (best.vectors.length < comparedMembers) best.vectors.push(vector);
  }
  return groups.map((group) => ({
    questions: group.questions,
    latestAskedAt: group.questions[0]!.askedAt,
  }));
}
