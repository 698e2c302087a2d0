import type { LiveChange, LiveDoc, LiveQuery } from '../schemas/live';

type OrderBy = NonNullable<LiveQuery['orderBy']>;

function fieldValue(doc: LiveDoc, field: string): unknown {
  let value: unknown = doc;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// The order of the server (PostgreSQL): a missing value or null sorts after every other value in
// ascending order; booleans, numbers and strings compare by type, then by value (strings by code
// unit, as the "C" collation does).
const typeRank = (value: unknown) =>
  value === null || value === undefined
    ? 4
    : typeof value === 'boolean'
      ? 0
      : typeof value === 'number'
        ? 1
        : typeof value === 'string'
          ? 2
          : 3;

function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 3) return 0;
  if (rankA === 4) return 0;
  return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
}

/** The query's order: its orderBy fields, then the document id (ascending) to break ties. */
export function compareDocs(a: LiveDoc, b: LiveDoc, orderBy: OrderBy): number {
  for (const { field, direction } of orderBy) {
    const result = compareValues(fieldValue(a, field), fieldValue(b, field));
    if (result !== 0) return direction === 'desc' ? -result : result;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The documents after the server's changes, applied in commit order. Never mutates `docs` (the
 * arrays end up frozen in the Redux store). With an orderBy, an added or modified document goes
 * where the query's order puts it; without one, a modified document keeps its place and an added
 * one goes last.
 */
export function applyChanges(
  docs: readonly LiveDoc[],
  changes: readonly LiveChange[],
  orderBy: OrderBy = [],
): LiveDoc[] {
  const next = docs.slice();
  for (const { type, doc } of changes) {
    const index = next.findIndex((item) => item.id === doc.id);
    if (type === 'removed') {
      if (index >= 0) next.splice(index, 1);
      continue;
    }
    if (orderBy.length === 0) {
      if (index >= 0) next[index] = doc;
      else next.push(doc);
      continue;
    }
    if (index >= 0) next.splice(index, 1);
    const at = next.findIndex((item) => compareDocs(doc, item, orderBy) < 0);
    next.splice(at < 0 ? next.length : at, 0, doc);
  }
  return next;
}

/** The same string for queries with the same content, whatever the order of their keys. */
export function liveQueryKey(query: LiveQuery): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  return JSON.stringify(sorted(query));
}
