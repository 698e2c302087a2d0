import type { KeyboardEvent } from 'react';

/** Enter sends the box's form; Shift+Enter (and Enter while composing with an input method) is a new line. */
export function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
