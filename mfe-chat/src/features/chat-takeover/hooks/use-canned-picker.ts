import { useId, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { CannedResponse } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { searchCanned, slashToken } from '../utils/canned-search';

/**
 * Typing `/` in the reply opens the workspace's saved replies, searched by what follows it;
 * arrows choose, Enter or Tab inserts in place of the `/…`, Escape closes the list.
 */
export function useCannedPicker({
  workspaceId,
  content,
  setContent,
  field,
}: {
  workspaceId: string;
  content: string;
  setContent: (text: string) => void;
  /** The reply box, to put the caret after what was inserted. */
  field: () => HTMLTextAreaElement | null;
}) {
  const listId = useId();
  const live = useLiveDocs<CannedResponse>({
    collection: 'canned_responses',
    workspaceId,
    orderBy: [{ field: 'shortcut', direction: 'asc' }],
  });
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // The `/…` closed with Escape stays closed until the text before the caret changes.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const token = caret === null ? null : slashToken(content, caret);
  const tokenKey = token ? `${token.start}:${content.slice(0, caret ?? 0)}` : null;
  const matches = token ? searchCanned(live.docs, token.query) : [];
  const open = token !== null && tokenKey !== dismissed && live.status !== 'error';
  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));

  function insert(response: CannedResponse) {
    if (!token || caret === null) return;
    const before = content.slice(0, token.start);
    const text = before + response.content + content.slice(caret);
    setContent(text);
    const at = before.length + response.content.length;
    setCaret(null);
    setActive(0);
    // After React has put the new text in the box.
    requestAnimationFrame(() => {
      field()?.setSelectionRange(at, at);
      field()?.focus();
    });
  }

  /** Handles the list's keys; true when the key was the list's (the composer ignores it). */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open) return false;
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((activeIndex + 1) % Math.max(1, matches.length)),
      ArrowUp: () => setActive((activeIndex - 1 + matches.length) % Math.max(1, matches.length)),
      Escape: () => setDismissed(tokenKey),
      Enter: () => matches[activeIndex] && insert(matches[activeIndex]),
      Tab: () => matches[activeIndex] && insert(matches[activeIndex]),
    };
    const move = moves[event.key];
    // Enter and Tab with nothing to insert keep their usual meaning.
    if (!move || ((event.key === 'Enter' || event.key === 'Tab') && matches.length === 0)) {
      return false;
    }
    event.preventDefault();
    move();
    return true;
  }

  /** Where the caret is, after every change, click or key. */
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const at = event.currentTarget.selectionStart;
    if (at === caret) return;
    setCaret(at);
    setActive(0);
  };

  return {
    open,
    listId,
    matches,
    activeIndex,
    loading: live.status === 'loading',
    optionId: (index: number) => `${listId}-${index}`,
    onKeyDown,
    track,
    insert,
    /** The reply box's ARIA while the list is open. */
    fieldProps: open
      ? {
          'aria-controls': listId,
          'aria-activedescendant': matches.length > 0 ? `${listId}-${activeIndex}` : undefined,
        }
      : {},
  };
}

export type CannedPicker = ReturnType<typeof useCannedPicker>;
