import { useEffect, useRef } from 'react';

export interface TakeoverShortcuts {
  /** j / k: the next or the previous conversation of the list. */
  move: (step: 1 | -1) => void;
  /** r: the reply box. */
  reply: () => void;
  /** e: resolve the open conversation. */
  resolve: () => void;
  /** n: the next pending conversation. */
  nextPending: () => void;
  /** Escape in the reply box: back to the list. */
  leaveReply: () => void;
  /** a: the suggested answers beside the reply box. */
  suggestions: () => void;
}

/** The keys, for the page's list of shortcuts. */
export const shortcutKeys = {
  move: ['j', 'k'],
  reply: 'r',
  resolve: 'e',
  nextPending: 'n',
  leaveReply: 'Escape',
  suggestions: 'a',
} as const;

/** Where typed letters are text, not commands. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type))
  );
}

/**
 * Single-key shortcuts of the chat takeover page (as in Gmail or Front): they act only when the
 * agent is not typing, holds no modifier, and no dialog is open (WCAG 2.1.4: single-key
 * shortcuts are fine where they are inactive while a field has focus).
 */
export function useTakeoverShortcuts(shortcuts: TakeoverShortcuts) {
  const latest = useRef(shortcuts);
  useEffect(() => {
    latest.current = shortcuts;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (
        target instanceof Element &&
        target.closest('dialog, [role="dialog"], [role="alertdialog"]')
      )
        return;
      const actions = latest.current;
      if (isTyping(target)) {
        if (
          event.key === shortcutKeys.leaveReply &&
          target instanceof HTMLTextAreaElement &&
          target.name === 'content'
        ) {
          event.preventDefault();
          actions.leaveReply();
        }
        return;
      }
      const action: Record<string, () => void> = {
        j: () => actions.move(1),
        k: () => actions.move(-1),
        [shortcutKeys.reply]: actions.reply,
        [shortcutKeys.resolve]: actions.resolve,
        [shortcutKeys.nextPending]: actions.nextPending,
        [shortcutKeys.suggestions]: actions.suggestions,
      };
      const run = action[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
