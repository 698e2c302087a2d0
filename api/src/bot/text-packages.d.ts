// The two text packages ship JavaScript only; these are the parts of their API the bot uses.

declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of a lower-case word. */
  export default function stem(word: string): string;
}

declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: readonly string[];
}
