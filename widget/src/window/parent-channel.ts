import type { WidgetChatbot } from 'shared-sdk/schemas';
import {
  frameTag,
  isFrameMessage,
  type LoaderToWindow,
  type ParleyIdentity,
  type WindowToLoader,
} from '../frame-messages';

// Each optional: the loader sends all but the last, the dashboard's preview only the last.
export interface ParentHandlers {
  identify?: (identity: ParleyIdentity) => void;
  logout?: () => void;
  setLocale?: (locale: string) => void;
  visibility?: (open: boolean) => void;
  /** Given in preview mode only: elsewhere a page may not restyle the window. */
  preview?: (chatbot: WidgetChatbot) => void;
}

export interface ParentChannel {
  /** The window runs inside the loader's iframe (not opened on its own). */
  readonly framed: boolean;
  post(message: DistributiveOmit<WindowToLoader, 'tag'>): void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An http(s) origin: the only kind postMessage can be aimed at (a file:// page is "null"). */
const originPattern = /^https?:\/\/[^/?#]+$/;

/**
 * The window's side of the loader's postMessage channel. It posts only to the origin the loader
 * named (the browser drops the message if the page framing us has another), and reads only
 * messages from its parent window on that origin.
 */
export function connectParent(
  win: Window,
  parentOrigin: string | null,
  handlers: ParentHandlers,
): ParentChannel {
  const framed = win.parent !== win && !!parentOrigin && originPattern.test(parentOrigin);
  if (framed) {
    win.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== win.parent || event.origin !== parentOrigin) return;
      if (!isFrameMessage(event.data)) return;
      const message = event.data as LoaderToWindow;
      switch (message.type) {
        case 'identify':
          return handlers.identify?.(message.identity);
        case 'logout':
          return handlers.logout?.();
        case 'set-locale':
          return handlers.setLocale?.(message.locale);
        case 'visibility':
          return handlers.visibility?.(message.open);
        case 'preview':
          return handlers.preview?.(message.chatbot);
      }
    });
  }
  return {
    framed,
    post(message) {
      if (framed && parentOrigin)
        win.parent.postMessage({ ...message, tag: frameTag }, parentOrigin);
    },
  };
}
