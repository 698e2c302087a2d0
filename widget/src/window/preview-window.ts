import type { WidgetChatbot } from 'shared-sdk/schemas';
import { windowParams } from '../frame-messages';
import { mountChatView } from './chat-view';
import { createI18n } from './i18n';
import { connectParent } from './parent-channel';
import { createPreviewSession } from './preview-session';

const hexColor = /^#[0-9a-f]{6}$/i;

/** Only a well-formed chatbot: the page's message is read as untrusted input. */
function chatbotFrom(value: unknown): WidgetChatbot | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, photoUrl, messageBackgroundColor, headerColor } = value as Record<
    string,
    unknown
  >;
  if (typeof id !== 'string' || typeof name !== 'string') return null;
  if (photoUrl !== null && typeof photoUrl !== 'string') return null;
  // A colour half typed in the dashboard keeps the last whole one.
  if (typeof messageBackgroundColor !== 'string' || typeof headerColor !== 'string') return null;
  if (!hexColor.test(messageBackgroundColor) || !hexColor.test(headerColor)) return null;
  return { id, name, photoUrl, messageBackgroundColor, headerColor };
}

/**
 * The window in preview mode (`preview=1`), framed by the dashboard's Customize page: the real
 * view, showing sample messages in the chatbot settings the page posts as the admin types.
 */
export function startPreviewWindow(root: HTMLElement, win: Window): void {
  const params = new URLSearchParams(win.location.search);
  const i18n = createI18n(params.get(windowParams.locale));
  win.document.documentElement.lang = i18n.language;
  const session = createPreviewSession({
    question: i18n.t('previewQuestion'),
    answer: i18n.t('previewAnswer'),
  });
  const parent = connectParent(win, params.get(windowParams.parentOrigin), {
    preview(chatbot) {
      const valid = chatbotFrom(chatbot);
      if (valid) session.showChatbot(valid);
    },
  });
  mountChatView(root, {
    session,
    i18n,
    // A preview has no stored attachments to fetch.
    loadAttachment: () => Promise.reject(new Error('A preview has no attachments')),
  });
  parent.post({ type: 'ready' });
}
