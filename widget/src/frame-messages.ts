import type {
  LauncherPosition,
  MessageRole,
  WidgetChatbot,
  WidgetIdentityResult,
  WidgetSessionRequest,
} from 'shared-sdk/schemas';

// What the loader (on the business's page) and the chat window (our origin, in its iframe) tell
// each other with postMessage. Each side checks the other's origin and window before reading, and
// ignores anything without this tag (pages carry other postMessage traffic).
export const frameTag = 'parley-widget';

/** The query of the window page: what the loader read from its script tag, and its page's origin. */
export const windowParams = {
  workspaceId: 'workspaceId',
  chatbotId: 'chatbotId',
  locale: 'locale',
  /** The embedding page's origin: the only one the window posts to and listens to. */
  parentOrigin: 'parentOrigin',
  /**
   * `1`: the dashboard's preview of a chatbot's look. The window shows sample messages in the
   * settings the page sends, and creates no visitor or conversation.
   */
  preview: 'preview',
} as const;

/** A message from the business or its bot, as the page's `message` event hands it on. */
export interface ReceivedMessage {
  id: string;
  conversationId: string;
  role: Exclude<MessageRole, 'user'>;
  content: string;
  timestamp: string;
}

/** What `Parley.identify` may say: the details, and the business's signature of its user id. */
export type ParleyIdentity = NonNullable<WidgetSessionRequest['customer']>;

/** Why an identify was not verified, as the page's `error` event hands it on. */
export type IdentityError = NonNullable<WidgetIdentityResult['error']>;

export type LoaderToWindow =
  | { tag: typeof frameTag; type: 'identify'; identity: ParleyIdentity }
  /** `Parley.logout()`: the window ends its visitor token and starts over. */
  | { tag: typeof frameTag; type: 'logout' }
  | { tag: typeof frameTag; type: 'set-locale'; locale: string }
  /** The launcher opened or closed the window (it focuses its text box when shown). */
  | { tag: typeof frameTag; type: 'visibility'; open: boolean }
  /** In preview mode only: the chatbot as the admin is editing it, not saved yet. */
  | { tag: typeof frameTag; type: 'preview'; chatbot: WidgetChatbot };

export type WindowToLoader =
  /** The window listens: the loader sends what the page said before (identity, locale). */
  | { tag: typeof frameTag; type: 'ready' }
  /**
   * The chatbot's settings: the launcher takes its message colour (with the text colour readable
   * on it), its place and its label, again whenever an admin saves them.
   */
  | {
      tag: typeof frameTag;
      type: 'chatbot';
      name: string;
      color: string;
      textColor: string;
      position: LauncherPosition;
      label: string;
    }
  /** The visitor closed the window from inside (its close button, Escape). */
  | { tag: typeof frameTag; type: 'close' }
  | { tag: typeof frameTag; type: 'message'; message: ReceivedMessage }
  /** An identify was not verified (or refused): why. */
  | { tag: typeof frameTag; type: 'error'; error: IdentityError };

/** `data` is one of our messages (of either direction). */
export function isFrameMessage(data: unknown): data is { tag: typeof frameTag; type: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { tag?: unknown }).tag === frameTag &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}
