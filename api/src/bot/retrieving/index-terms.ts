import { indexTerm, tokenize } from '../understanding/english-terms';

// How texts become index terms, and how near two terms are: shared by indexing and searching.

/** "TR-500/BL" is also the one term "tr500bl", so a SKU is found whole. */
const codeLike = /^[\p{L}\p{N}]+(?:[-_/.][\p{L}\p{N}]+)+$/u;

function collapseCode(word: string): string {
  return word.toLowerCase().replace(/[-_/.]/g, '');
}

/** Tokens of a text, plus the collapsed form of each code-like word in it (SKUs, model numbers). */
export function tokenizeWithCodes(text: string): string[] {
  const tokens = tokenize(text);
  for (const word of text.split(/\s+/)) {
    const trimmed = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (codeLike.test(trimmed)) tokens.push(collapseCode(trimmed));
  }
  return tokens;
}

export function tokenizeField(text: string, fieldName?: string): string[] {
  if (fieldName === 'sku') return [collapseCode(text.trim()), ...tokenize(text)];
  return tokenizeWithCodes(text);
}

/** The distinct index terms of a query, in the order they appear. */
export function queryTerms(text: string): string[] {
  return distinctTerms(tokenizeWithCodes(text));
}

export function distinctTerms(tokens: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const token of tokens) {
    const term = indexTerm(token);
    if (term) terms.add(term);
  }
  return [...terms];
}

/**
 * Typos are corrected in words of six letters or more (one edit; two from nine letters): in
 * shorter ones one edit turns a word into another ("cafe" into "safe", "stop" into "store").
 */
export const minCorrectedLength = 6;
export const twoEditsFromLength = 9;

/** Bounded Levenshtein distance: `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
