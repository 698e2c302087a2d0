import type { WidgetChatbot } from './schemas/chat-widget';

// The dashboard's side of the chat window's preview mode (widget/src/window/preview-window.ts):
// the page frames the real window and posts it the chatbot as the admin edits it. The tag is the
// widget's frame tag, which the window requires on every message.
const frameTag = 'parley-widget';

/** Where the preview is framed from: the window served next to the API, in preview mode. */
export function widgetPreviewUrl(parentOrigin: string): string {
  return `/widget/window.html?preview=1&parentOrigin=${encodeURIComponent(parentOrigin)}`;
}

/** The message that shows `chatbot` in the preview (nothing is saved). */
export const widgetPreviewMessage = (chatbot: WidgetChatbot) =>
  ({ tag: frameTag, type: 'preview', chatbot }) as const;

/** The window's "ready" message: it listens from then on. */
export function isWidgetReadyMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { tag?: unknown }).tag === frameTag &&
    (data as { type?: unknown }).type === 'ready'
  );
}
