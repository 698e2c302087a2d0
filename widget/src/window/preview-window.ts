import type { WidgetChatbot } from 'shared-sdk/schemas';
import { isTimeZone } from 'shared-sdk';
import { windowParams } from '../frame-messages';
import { mountChatView } from './chat-view';
import { createI18n } from './i18n';
import { connectParent } from './parent-channel';
import { createPreviewSession } from './preview-session';

const hexColor = /^#[0-9a-f]{6}$/i;
const modes: readonly unknown[] = ['off', 'optional', 'required'];
const time = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const days: readonly unknown[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function preChatFormFrom(value: unknown): WidgetChatbot['preChatForm'] | null {
  if (!isRecord(value) || !modes.includes(value.name) || !modes.includes(value.email)) return null;
  return value as WidgetChatbot['preChatForm'];
}

/** Business hours the window can read: a known time zone and well-formed intervals. */
function businessHoursFrom(value: unknown): WidgetChatbot['businessHours'] | null {
  if (!isRecord(value) || typeof value.enabled !== 'boolean') return null;
  if (typeof value.timeZone !== 'string' || !isTimeZone(value.timeZone)) return null;
  if (!Array.isArray(value.intervals)) return null;
  const intervals = value.intervals.filter(
    (interval): interval is WidgetChatbot['businessHours']['intervals'][number] =>
      isRecord(interval) &&
      days.includes(interval.day) &&
      typeof interval.start === 'string' &&
      typeof interval.end === 'string' &&
      time.test(interval.start) &&
      time.test(interval.end) &&
      interval.start < interval.end,
  );
  return { enabled: value.enabled, timeZone: value.timeZone, intervals };
}

/** Only a well-formed chatbot: the page's message is read as untrusted input. */
function chatbotFrom(value: unknown): WidgetChatbot | null {
  if (!isRecord(value)) return null;
  const { id, name, photoUrl, messageBackgroundColor, headerColor } = value;
  const { greetingMessage, launcherPosition, launcherLabel, awayMessage } = value;
  if (typeof id !== 'string' || typeof name !== 'string') return null;
  if (photoUrl !== null && typeof photoUrl !== 'string') return null;
  // A colour half typed in the dashboard keeps the last whole one.
  if (typeof messageBackgroundColor !== 'string' || typeof headerColor !== 'string') return null;
  if (!hexColor.test(messageBackgroundColor) || !hexColor.test(headerColor)) return null;
  if (typeof greetingMessage !== 'string' || typeof awayMessage !== 'string') return null;
  if (typeof launcherLabel !== 'string') return null;
  if (launcherPosition !== 'left' && launcherPosition !== 'right') return null;
  const preChatForm = preChatFormFrom(value.preChatForm);
  const businessHours = businessHoursFrom(value.businessHours);
  if (!preChatForm || !businessHours) return null;
  return {
    id,
    name,
    photoUrl,
    messageBackgroundColor,
    headerColor,
    greetingMessage,
    launcherPosition,
    launcherLabel,
    preChatForm,
    businessHours,
    awayMessage,
  };
}

/**
 * The window in preview mode (`preview=1`), framed by the dashboard's Customize page: the real
 * view, showing sample messages in the chatbot settings the page posts as the admin types.
 */
export function startPreviewWindow(root: HTMLElement, win: Window, now?: () => Date): void {
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
    now,
  });
  parent.post({ type: 'ready' });
}
