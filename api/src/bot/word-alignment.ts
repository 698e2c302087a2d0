import { indexTerm } from './english-terms';
import type { WordVectors } from './word-vectors';

// How much of one text's meaning another holds, word by word: each word of the first is matched
// with the closest word of the second (the same index term counts in full, else the cosine of
// their vectors above a floor), weighted by how much the word says in this workspace.

/** Cosines at or under this say two words are unrelated ("card" and "account" are ~0.35). */
export const unrelated = 0.35;

/** Closeness of two words, 0 to 1, remembered for one question's scoring. */
export class WordCloseness {
  private readonly known = new Map<string, number>();

  constructor(private readonly vectors: WordVectors) {}

  of(a: string, b: string): number {
    if (a === b) return 1;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    let closeness = this.known.get(key);
    if (closeness === undefined) {
      const termA = indexTerm(a);
      if (termA !== null && termA === indexTerm(b)) closeness = 1;
      else {
        const cosine = this.vectors.similarity(a, b) ?? 0;
        closeness = Math.max(0, (cosine - unrelated) / (1 - unrelated));
      }
      this.known.set(key, closeness);
    }
    return closeness;
  }
}

/**
 * The weighted share of `from`'s words that `to` holds in meaning: 1 when each has its term or a
 * synonym in `to`, near 0 when none has anything close.
 */
export function softCoverage(
  from: readonly string[],
  to: readonly string[],
  closeness: WordCloseness,
  weightOf: (word: string) => number,
): number {
  let total = 0;
  let covered = 0;
  for (const word of from) {
    const weight = weightOf(word);
    if (weight <= 0) continue;
    total += weight;
    let best = 0;
    for (const other of to) {
      best = Math.max(best, closeness.of(word, other));
      if (best === 1) break;
    }
    covered += weight * best;
  }
  return total === 0 ? 0 : covered / total;
}
