import type { i18n } from 'i18next';
import type { ChatError } from './chat-state';

const errorKeys = {
  start: 'startFailed',
  send: 'sendFailed',
  upload: 'uploadFailed',
  handoff: 'handoffFailed',
  details: 'detailsFailed',
  preChat: 'preChatFailed',
  rating: 'ratingFailed',
  suggestion: 'suggestionFailed',
} as const;

/**
 * What the window says of a failure: for the forms, the server's own sentence when it gave one
 * (the field it names is the form's); else the window's text for that kind of failure.
 */
export function chatErrorText(i18n: i18n, error: ChatError): string {
  const withServerText =
    error.kind === 'details' || error.kind === 'upload' || error.kind === 'preChat';
  // The API names the field ("body.email: …"); the visitor needs the sentence only.
  const server = error.serverMessage?.replace(/^body\.\w+: /, '');
  return withServerText && server ? server : i18n.t(errorKeys[error.kind]);
}
