import { isStopWord } from './english-terms';
import type { WordVectors } from './word-vectors';

// A text's meaning as one vector: the weighted mean of its words' vectors (SIF-like: frequent
// English words and words common in the workspace's training weigh little).

const separators = /[\s\p{P}\p{S}]+/u;

/** The words of a text that can carry its meaning: lower case, accents folded, no stop words. */
export function meaningWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/gu, '')
    .replace(/['’]/gu, '')
    .split(separators)
    .filter((word) => word.length > 1 && /\p{L}/u.test(word) && !isStopWord(word));
}

/** SIF's smoothing: a word as frequent as the 1,000th English word keeps about half its weight. */
const smoothing = 1e-4;
/** Zipf's law for a 400,000-word vocabulary: the share of running text of the word of rank r. */
const zipfNormaliser = Math.log(400_000) + 0.5772;

/** The SIF weight of a word by its English frequency (rank); words the table lacks weigh fully. */
export function frequencyWeight(rank: number): number {
  if (rank < 0) return 1;
  const share = 1 / ((rank + 1) * zipfNormaliser);
  return smoothing / (smoothing + share);
}

/** FNV-1a: the seed of a word's stand-in vector. */
function hash(word: string): number {
  let value = 0x811c9dc5;
  for (let n = 0; n < word.length; n++) {
    value ^= word.charCodeAt(n);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * A word the table lacks (a brand, a code, "iban") still means itself: it gets a fixed random
 * unit vector, nearly orthogonal to every other, so the same word in the question and in the
 * training adds to their closeness and a different one does not.
 */
function addStandIn(target: Float32Array, word: string, weight: number): void {
  let state = hash(word);
  const values = new Float32Array(target.length);
  let sum = 0;
  for (let d = 0; d < values.length; d++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    values[d] = state / 0x100000000 - 0.5;
    sum += values[d]! ** 2;
  }
  const factor = weight / Math.sqrt(sum);
  for (let d = 0; d < values.length; d++) target[d]! += factor * values[d]!;
}

/**
 * The weighted sum of the words' unit vectors (not normalised: the caller centres it first).
 * `weightOf` gives each word's weight in this workspace; it is multiplied by the word's SIF weight.
 */
export function sentenceVector(
  vectors: WordVectors,
  words: readonly string[],
  weightOf: (word: string) => number,
): Float32Array {
  const sum = new Float32Array(vectors.dimensions);
  for (const word of words) {
    const weight = weightOf(word) * frequencyWeight(vectors.rank(word));
    if (weight <= 0) continue;
    if (!vectors.addTo(sum, word, weight)) addStandIn(sum, word, weight);
  }
  return sum;
}

/** Scales `vector` to unit length in place (a zero vector stays zero). */
export function normalise(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  if (sum === 0) return vector;
  const factor = 1 / Math.sqrt(sum);
  for (let d = 0; d < vector.length; d++) vector[d]! *= factor;
  return vector;
}
