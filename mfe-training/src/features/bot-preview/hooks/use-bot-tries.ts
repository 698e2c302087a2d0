import { useCallback } from 'react';
import type { BotPreview } from 'shared-sdk/schemas';
import { useSessionState } from '../../../hooks/use-session-state';

/** A question tried, and what the bot would have said. */
export interface BotTry {
  id: number;
  question: string;
  preview: BotPreview;
}

/** Questions kept: enough to compare a few wordings, short enough to read at a glance. */
export const triesKept = 5;

const none: BotTry[] = [];

const isTries = (value: unknown): value is BotTry[] =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.id === 'number' &&
      typeof entry.question === 'string' &&
      typeof entry.preview === 'object' &&
      entry.preview !== null &&
      typeof entry.preview.content === 'string',
  );

/**
 * The last questions tried in this browser tab, newest first. Only this tab keeps them (the
 * server stores nothing of a try), so they outlive a look at the page's other tabs.
 */
export function useBotTries(workspaceId: string) {
  const [tries, setTries] = useSessionState(
    `parley.training.bot-tries.${workspaceId}`,
    none,
    isTries,
  );
  const add = useCallback(
    (question: string, preview: BotPreview) =>
      setTries((current) =>
        [{ id: (current[0]?.id ?? 0) + 1, question, preview }, ...current].slice(0, triesKept),
      ),
    [setTries],
  );
  const clear = useCallback(() => setTries(none), [setTries]);
  return { tries, add, clear };
}
