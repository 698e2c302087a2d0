import { useState } from 'react';

const storageKey = (conversationId: string) => `parley.draft.${conversationId}`;

function readDraft(conversationId: string): string {
  try {
    return sessionStorage.getItem(storageKey(conversationId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(conversationId: string, text: string) {
  try {
    if (text === '') sessionStorage.removeItem(storageKey(conversationId));
    else sessionStorage.setItem(storageKey(conversationId), text);
  } catch {
    // Storage full or refused: the draft lives on in the page, as before.
  }
}

/**
 * The reply being written in a conversation, kept for this tab so that reloading (to take a new
 * version of Parley, or by accident) does not lose it. sessionStorage, not localStorage: a
 * customer's details in a half-written reply go when the tab does.
 */
export function useDraft(conversationId: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => ({
    conversationId,
    text: readDraft(conversationId),
  }));
  // Another conversation opened in the same composer: its own draft.
  const current =
    draft.conversationId === conversationId
      ? draft
      : { conversationId, text: readDraft(conversationId) };
  if (current !== draft) setDraft(current);

  const update = (text: string) => {
    setDraft({ conversationId, text });
    writeDraft(conversationId, text);
  };
  return [current.text, update];
}
