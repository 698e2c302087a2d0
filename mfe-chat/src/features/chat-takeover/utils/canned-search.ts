import type { CannedResponse } from 'shared-sdk/schemas';

/** The most saved replies the `/` list shows at once. */
export const maxCannedMatches = 8;

/**
 * The `/shortcut` being typed where the caret is: a `/` at the start or after a space, then
 * shortcut characters up to the caret. `start` is where the `/` is.
 */
export function slashToken(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)\/([A-Za-z0-9_-]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query: query.toLowerCase() };
}

/** Replies whose shortcut starts with the query first, then those that contain it anywhere. */
export function searchCanned(responses: CannedResponse[], query: string): CannedResponse[] {
  const starts = responses.filter((response) => response.shortcut.startsWith(query));
  const contains = responses.filter(
    (response) =>
      !response.shortcut.startsWith(query) &&
      (response.shortcut.includes(query) || response.content.toLowerCase().includes(query)),
  );
  return [...starts, ...contains].slice(0, maxCannedMatches);
}
