import { readableTextColor } from 'shared-sdk';
import { createLiveClient, liveSocketUrl } from 'shared-sdk/live';
import { windowParams, type ParleyIdentity } from '../frame-messages';
import { createAttachmentLoader } from './attachment-loader';
import { createChatSession } from './chat-session';
import type { ChatSession } from './chat-state';
import { mountChatView } from './chat-view';
import { createI18n, supportedLocale } from './i18n';
import { connectParent } from './parent-channel';
import { visitorTokenStore } from './visitor-token';
import { createWidgetApi } from './widget-api';
import { startPreviewWindow } from './preview-window';

const identityFields = ['firstName', 'lastName', 'email', 'orderId', 'userId', 'userHash'] as const;

/** Only the known fields, of their types: the page's `Parley.identify` may pass anything. */
function identityFrom(value: unknown): ParleyIdentity {
  const identity: ParleyIdentity = {};
  if (typeof value !== 'object' || value === null) return identity;
  for (const field of identityFields) {
    const given = (value as Record<string, unknown>)[field];
    if (typeof given === 'string') identity[field] = given.trim();
  }
  // Unix seconds; a page may pass them as a string of digits.
  const expiresAt = Number((value as Record<string, unknown>).expiresAt);
  if (Number.isInteger(expiresAt) && expiresAt > 0) identity.expiresAt = expiresAt;
  return identity;
}

export interface ChatWindowEnvironment {
  /** The window's page: its URL, storage, network events, parent. */
  window: Window;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  /** The clock business hours are read with (tests fix it). */
  now?: () => Date;
}

/**
 * Starts the chat window in `root`, from the page's query (what the loader read from its script
 * tag). Null when the query names no workspace (the window says it is not set up), and in the
 * dashboard's preview, which has no session.
 */
/** An http(s) origin, else nothing: a page opened from a file has the origin "null". */
function webOrigin(origin: string | null): string | undefined {
  return origin && /^https?:\/\/[^/\s?#]+$/.test(origin) ? origin : undefined;
}

export function startChatWindow(
  root: HTMLElement,
  { window: win, fetch, WebSocket, now }: ChatWindowEnvironment,
): ChatSession | null {
  const params = new URLSearchParams(win.location.search);
  if (params.get(windowParams.preview) === '1') {
    startPreviewWindow(root, win, now);
    return null;
  }
  const workspaceId = params.get(windowParams.workspaceId);
  const i18n = createI18n(params.get(windowParams.locale));
  const document = win.document;
  document.documentElement.lang = i18n.language;
  if (!workspaceId) {
    root.textContent = i18n.t('notConfigured');
    return null;
  }

  const tokens = visitorTokenStore(() => win.localStorage, workspaceId);
  const getToken = () => tokens.get();
  const live = createLiveClient({
    // A visitor's socket: the server ignores any sign-in cookie of this site on it.
    url: `${liveSocketUrl('', win.location.href)}?as=visitor`,
    getToken,
    ...(WebSocket ? { WebSocket } : {}),
  });
  const session = createChatSession({
    workspaceId,
    chatbotId: params.get(windowParams.chatbotId) ?? undefined,
    pageOrigin: webOrigin(params.get(windowParams.parentOrigin)),
    api: createWidgetApi({ baseUrl: '', getToken, ...(fetch ? { fetch } : {}) }),
    live,
    tokens,
    online: win.navigator.onLine,
    onReceived: (message) => parent.post({ type: 'message', message }),
    onIdentityError: (error) => parent.post({ type: 'error', error }),
  });
  const parent = connectParent(win, params.get(windowParams.parentOrigin), {
    identify: (identity) => void session.identify(identityFrom(identity)),
    logout: () => void session.logout(),
    setLocale(locale) {
      void i18n.changeLanguage(supportedLocale(locale)).then(() => {
        document.documentElement.lang = i18n.language;
        view.refresh();
      });
    },
    visibility: (open) => {
      if (open) view.focus();
    },
  });
  const view = mountChatView(root, {
    session,
    i18n,
    onClose: parent.framed ? () => parent.post({ type: 'close' }) : undefined,
    loadAttachment: createAttachmentLoader({ getToken, ...(fetch ? { fetch } : {}) }),
    now,
  });

  // The launcher takes the chatbot's colour, place and label once the session tells them, and
  // again when an admin changes them.
  let told = '';
  session.subscribe(({ chatbot }) => {
    if (!chatbot) return;
    const launcher = {
      name: chatbot.name,
      color: chatbot.messageBackgroundColor,
      textColor: readableTextColor(chatbot.messageBackgroundColor),
      position: chatbot.launcherPosition,
      label: chatbot.launcherLabel,
    };
    const settings = JSON.stringify(launcher);
    if (settings === told) return;
    told = settings;
    parent.post({ type: 'chatbot', ...launcher });
  });
  win.addEventListener('online', () => session.setOnline(true));
  win.addEventListener('offline', () => session.setOnline(false));

  void session.start();
  parent.post({ type: 'ready' });
  return session;
}
