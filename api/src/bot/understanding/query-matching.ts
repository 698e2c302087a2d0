import type SearchableMap from 'minisearch/SearchableMap';
import type { TextMatch } from '../retrieving/text-index';
import { indexTerm, isStopWord } from './english-terms';
import {
  editDistance,
  minCorrectedLength,
  tokenizeWithCodes,
  twoEditsFromLength,
} from '../retrieving/index-terms';

// A query's words against the training's: typos corrected, and which document term each query
// term matched at what credit.

/** Credit of a query term found only through a typo-tolerant or prefix match. */
const approximateMatchCredit = 0.75;

/** The document term a query term matched, and the credit of the match (1 when exact). */
export interface TermMatch {
  documentTerm: string;
  credit: number;
}

/**
 * The query's tokens with each word the training never uses replaced by the closest one it
 * does, starting with the same letter (typos rarely hit the first), the most used on a tie.
 * Corrected before stemming: "internationaly" stems to "internationali", far from "intern",
 * the stem of "internationally".
 */
export function correctQuery(
  text: string,
  vocabulary: SearchableMap<number>,
): { tokens: string[]; corrected: Set<string> } {
  const corrected = new Set<string>();
  const tokens = tokenizeWithCodes(text).map((token) => {
    const closest = closestTrainingWord(token, vocabulary);
    if (closest === token) return token;
    const term = indexTerm(closest);
    if (term) corrected.add(term);
    return closest;
  });
  return { tokens, corrected };
}

/**
 * The token itself when the training uses it or it is too short, a stop word or a number to
 * correct; else the closest word the training uses, starting with the same letter, the most used
 * on a tie; else the token.
 */
export function closestTrainingWord(token: string, vocabulary: SearchableMap<number>): string {
  if (token.length < minCorrectedLength || isStopWord(token) || /\d/.test(token)) return token;
  if (vocabulary.has(token)) return token;
  let best: { word: string; distance: number; count: number } | undefined;
  const candidates = vocabulary.fuzzyGet(token, token.length >= twoEditsFromLength ? 2 : 1);
  for (const [word, [count, distance]] of candidates) {
    if (word[0] !== token[0]) continue;
    if (!best || distance < best.distance || (distance === best.distance && count > best.count))
      best = { word, distance, count };
  }
  return best?.word ?? token;
}

/**
 * The document term each query term matched, and the credit of that match: itself in full,
 * else the closest by prefix or typo at partial credit. Unmatched query terms are absent.
 */
export function matchTerms(
  terms: readonly string[],
  corrected: ReadonlySet<string>,
  result: Pick<TextMatch, 'queryTerms' | 'match'>,
): Map<string, TermMatch> {
  const matches = new Map<string, TermMatch>();
  const matched = new Set(result.queryTerms);
  const queried = new Set(terms);
  // Document terms that another query term matched exactly are not a typo of this one.
  const otherTerms = Object.keys(result.match).filter((candidate) => !queried.has(candidate));
  const documentTerms = otherTerms.length > 0 ? otherTerms : Object.keys(result.match);
  for (const term of terms) {
    if (!matched.has(term)) continue;
    const documentTerm = result.match[term]
      ? term
      : (documentTerms.find((candidate) => candidate.startsWith(term)) ??
        documentTerms.reduce((best, candidate) =>
          editDistance(term, candidate, 2) < editDistance(term, best, 2) ? candidate : best,
        ));
    const credit = documentTerm === term && !corrected.has(term) ? 1 : approximateMatchCredit;
    matches.set(term, { documentTerm, credit });
  }
  return matches;
}
