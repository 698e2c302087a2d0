import { indexTerm, isStopWord } from './english-terms';

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

/**
 * What a question asks, regardless of wording around it: its meaning words' index terms (stems)
 * and its numbers, sorted. Two questions with the same key differ only in stop words, word order
 * or inflection ("How do I return an item?", "Can I return items?").
 */
export function questionKey(text: string): string {
  const terms = new Set<string>(text.match(/\d+/g) ?? []);
  for (const word of meaningWords(text)) {
    const term = indexTerm(word);
    if (term) terms.add(term);
  }
  return [...terms].sort().join(' ');
}
