import { eng as englishStopWords } from 'stopword';
import stem from 'wink-porter2-stemmer';
import { canonicalStem, joinPhrases } from './support-synonyms';

/**
 * Words a customer's message is full of that say nothing about what is asked: the stopword
 * package's English list, plus chat fillers and the contractions the tokenizer leaves once it has
 * dropped apostrophes ("don't" → "dont").
 */
const stopWords = new Set<string>([
  ...englishStopWords,
  ...['please', 'pls', 'plz', 'thanks', 'thank', 'hi', 'hello', 'hey', 'ok', 'okay', 'just'],
  ...['does', 'doing', 'done', 'know', 'tell', 'want', 'wanna', 'need', 'anyone', 'anything'],
  ...['im', 'ive', 'id', 'youre', 'youve', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'whats'],
  ...['hows', 'wheres', 'whens', 'thats', 'theres', 'lets', 'theyre', 'yours', 'ours', 'us'],
  ...['whom', 'whose', 'why', 'when', 'also', 'am', 'so', 'etc', 'ever', 'able'],
  ...['will', 'shall', 'may', 'going', 'gonna', 'getting', 'gets', 'really', 'maybe'],
  // Words that frame a question without saying what it is about ("is it possible to…",
  // "I was wondering whether…", "something", "anyway"): a training that never uses them would
  // otherwise weigh them as the question's rarest words.
  ...['possible', 'possibly', 'wondering', 'wonder', 'something', 'someone', 'somebody'],
  ...['anybody', 'thing', 'things', 'anyway', 'actually', 'currently', 'already', 'even'],
  ...['until', 'u', 'ur', 'guys'],
]);

/** Words, numbers and codes: any run of characters that are not space, punctuation or symbols. */
const separators = /[\s\p{P}\p{S}]+/u;
/** "customer's" → "customer", then "don't" → "dont": apostrophes never split a word. */
const possessive = /['’]s\b/gu;
const apostrophe = /['’]/gu;

/** Splits text into raw tokens (lower-cased, accents folded), before stop words and stemming. */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(possessive, '')
    .replace(apostrophe, '');
  return joinPhrases(folded)
    .split(separators)
    .filter((token) => token.length > 0);
}

export function isStopWord(token: string): boolean {
  return stopWords.has(token);
}

// Stemming was most of the time spent indexing a website's pages (bench/websites), and a site's
// pages repeat their words: each token is stemmed once. Bounded, and emptied when full.
const termCache = new Map<string, string | null>();
const termCacheLimit = 100_000;

/**
 * The index term of one token: null for a stop word or a lone letter, else its Porter2 stem, so
 * that "refunds", "refunded" and "refunding" are one term, read as the first word of its synonym
 * group ("postage" as "shipping").
 */
export function indexTerm(token: string): string | null {
  const known = termCache.get(token);
  if (known !== undefined) return known;
  const term =
    stopWords.has(token) || (token.length === 1 && !/\d/.test(token))
      ? null
      : /^\d/.test(token)
        ? token
        : canonicalStem(stem(token));
  if (termCache.size >= termCacheLimit) termCache.clear();
  termCache.set(token, term);
  return term;
}

/** The index terms of a text, in order, duplicates kept. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const token of tokenize(text)) {
    const term = indexTerm(token);
    if (term) terms.push(term);
  }
  return terms;
}
