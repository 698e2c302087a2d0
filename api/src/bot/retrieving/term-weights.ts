import type { TermMatch } from '../understanding/query-matching';
import type { TextMatch } from './text-index';
import { fields, keyFields } from './training-documents';
import type { TrainingHit } from './training-search';

/** A document's index terms by field (the text index's `termsOf`), in the order of `fields`. */
type DocumentTerms = readonly { terms: ReadonlyMap<string, number> }[];

/**
 * The weights of the index terms of one workspace's training (BM25's inverse document frequency),
 * and what the ranking measures with them: how much of a question a hit covers, and how close its
 * words are to the hit's key fields and body (TF-IDF cosines).
 */
export class TermWeights {
  constructor(
    /** How many documents hold a term. */
    private readonly holding: (term: string) => number,
    /** How many documents there are. */
    private readonly total: () => number,
  ) {}

  /** A term no document holds weighs the most. */
  weight(term: string): number {
    const total = this.total();
    const holding = this.holding(term);
    return Math.log(1 + (total - holding + 0.5) / (holding + 0.5));
  }

  coverageOf(
    terms: readonly string[],
    matches: ReadonlyMap<string, TermMatch>,
    result: TextMatch,
  ): Pick<TrainingHit, 'coverage' | 'keyCoverage'> {
    // Every word it matched was left out: it matched nothing the question is about.
    if (terms.length === 0) return { coverage: 0, keyCoverage: 0 };
    let total = 0;
    let covered = 0;
    let keyCovered = 0;
    for (const term of terms) {
      const match = matches.get(term);
      if (!match) {
        total += this.weight(term);
        continue;
      }
      const weight = this.weight(match.documentTerm);
      total += weight;
      covered += weight * match.credit;
      if ((result.match[match.documentTerm] ?? []).some((field) => keyFields.has(field))) {
        keyCovered += weight * match.credit;
      }
    }
    return { coverage: covered / total, keyCoverage: keyCovered / total };
  }

  /**
   * The cosines of the question's TF-IDF vector with the document's key fields' and body's
   * (sublinear term frequency). The document's vectors are worked out here, for the few documents
   * a search ranks again: held for every passage of a large site, they took more memory than the
   * text index itself.
   */
  similarities(
    terms: readonly string[],
    matches: ReadonlyMap<string, TermMatch>,
    documentTerms: DocumentTerms,
  ): Pick<TrainingHit, 'keySimilarity' | 'bodySimilarity'> {
    const key = new Map<string, number>();
    const body = new Map<string, number>();
    documentTerms.forEach(({ terms: frequencies }, f) => {
      const vector = keyFields.has(fields[f]!) ? key : body;
      for (const [term, frequency] of frequencies) {
        vector.set(term, (vector.get(term) ?? 0) + frequency);
      }
    });
    return {
      keySimilarity: this.cosine(terms, matches, key),
      bodySimilarity: this.cosine(terms, matches, body),
    };
  }

  private cosine(
    terms: readonly string[],
    matches: ReadonlyMap<string, TermMatch>,
    frequencies: ReadonlyMap<string, number>,
  ): number {
    let documentNorm = 0;
    for (const [term, frequency] of frequencies) {
      const weight = (1 + Math.log(frequency)) * this.weight(term);
      documentNorm += weight * weight;
    }
    if (terms.length === 0 || documentNorm === 0) return 0;
    let queryNorm = 0;
    let dot = 0;
    for (const term of terms) {
      const weight = this.weight(term);
      queryNorm += weight * weight;
      const match = matches.get(term);
      const frequency = match && frequencies.get(match.documentTerm);
      if (frequency) {
        dot += weight * match.credit * (1 + Math.log(frequency)) * this.weight(match.documentTerm);
      }
    }
    return dot / Math.sqrt(queryNorm) / Math.sqrt(documentNorm);
  }
}
