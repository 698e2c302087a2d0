import type { z } from 'zod';

// product-spec.md §8 invalid-argument: text PostgreSQL cannot store (U+0000) or that is not Unicode (an
// unpaired surrogate, which JSON can carry). Refused for every field of every call and every
// live message, keys included, before anything reaches the database.

export const illFormedTextMessage = 'Text may not contain U+0000 or unpaired surrogates';

// The NUL is what this pattern is for.
// eslint-disable-next-line no-control-regex
const illFormed = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any payload of ours; the walk stops there rather than recurse without end. */
const maxDepth = 32;

type Path = (string | number)[];

function findIllFormed(value: unknown, path: Path, depth: number): Path | null {
  if (typeof value === 'string') return illFormed.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > maxDepth) return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && illFormed.test(key)) return [...path, key];
    const found = findIllFormed(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The path of the first ill-formed text in `value` (a key or a string), or null. */
export const illFormedTextPath = (value: unknown): Path | null => findIllFormed(value, [], 0);

/** `schema`, refusing ill-formed text anywhere in what it parsed, with the field's path. */
export function wellFormedText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, context) => {
    const path = illFormedTextPath(value);
    if (path) context.addIssue({ code: 'custom', path, message: illFormedTextMessage });
  }) as T;
}

/**
 * Whether `text` has something to read: format characters (U+200B zero-width space, U+2060 word
 * joiner, U+FEFF…) and space characters of any kind do not count. A required answer of only
 * those is blank.
 */
export const hasVisibleContent = (text: string): boolean => /[^\p{Cf}\p{Z}\s]/u.test(text);
