import {
  frameTag,
  isFrameMessage,
  windowParams,
  type IdentityError,
  type LoaderToWindow,
  type ParleyIdentity,
  type ReceivedMessage,
  type WindowToLoader,
} from '../frame-messages';
import { createLauncher, type LauncherPosition } from './launcher';

export type ParleyEvent = 'opened' | 'closed' | 'message' | 'error';
/**
 * 'message' handlers get the message received, 'error' handlers why an identify was not
 * verified ({ code, message }); 'opened' and 'closed' handlers nothing.
 */
export type ParleyHandler = (detail?: ReceivedMessage | IdentityError) => void;

/** `window.Parley`: what the business's page can do with the widget. */
export interface Parley {
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
  /**
   * Who the visitor is (sent to the server when the window is open, and on its first open); with
   * `userId` and `userHash` signed by the business's server, verified.
   */
  identify(identity: ParleyIdentity): void;
  /** Forgets the visitor (a shared computer): the next one starts anew. */
  logout(): void;
  setLocale(locale: string): void;
  on(event: ParleyEvent, handler: ParleyHandler): void;
  off(event: ParleyEvent, handler: ParleyHandler): void;
  /** Calls pushed as `[method, ...args]` run at once, so a queueing snippet keeps working. */
  q: { push(...calls: ArrayLike<unknown>[]): number };
  loaded: true;
}

export interface LoaderSettings {
  workspaceId: string;
  chatbotId?: string;
  locale?: string;
  /** `data-position`: the page pins the launcher there; otherwise the chatbot's setting. */
  position?: LauncherPosition;
  /** window.html next to loader.js, on the loader's own origin. */
  windowUrl: URL;
  /** The embedding page's origin (the window posts only there). */
  pageOrigin: string;
}

/**
 * What the loader's own <script> tag says: `data-workspace-id` (required), `data-chatbot-id`,
 * `data-locale` and `data-position` (`left` or `right` pins the launcher there; absent or anything
 * else: where the chatbot's settings put it). Null when the tag carries no workspace id.
 */
export function readSettings(
  script: HTMLScriptElement | null,
  pageOrigin: string,
): LoaderSettings | null {
  const workspaceId = script?.dataset.workspaceId?.trim();
  if (!script?.src || !workspaceId) return null;
  return {
    workspaceId,
    chatbotId: script.dataset.chatbotId?.trim() || undefined,
    locale: script.dataset.locale?.trim() || undefined,
    position: positionOf(script.dataset.position),
    windowUrl: new URL('window.html', script.src),
    pageOrigin,
  };
}

const positionOf = (value: unknown): LauncherPosition | undefined =>
  value === 'left' || value === 'right' ? value : undefined;

const methods = [
  'open',
  'close',
  'toggle',
  'identify',
  'logout',
  'setLocale',
  'on',
  'off',
] as const;

/**
 * Shows the launcher and installs `window.Parley`, first running the calls a snippet queued in
 * `window.Parley.q` before this script loaded.
 */
export function installParley(
  win: Window & { Parley?: unknown },
  settings: LoaderSettings,
): Parley {
  const document = win.document;
  const windowOrigin = settings.windowUrl.origin;
  const handlers = new Map<ParleyEvent, Set<ParleyHandler>>();
  let open = false;
  let frame: HTMLIFrameElement | null = null;
  /** The window said it listens: messages sent before would be lost, so they wait for it. */
  let frameReady = false;
  let identity: ParleyIdentity | null = null;
  /** Parley.logout() before the window listened: it ends the visitor first thing. */
  let logoutPending = false;
  let locale = settings.locale;

  const launcher = createLauncher(document, {
    position: settings.position ?? 'right',
    onToggle: () => api.toggle(),
    onEscape: () => {
      api.close();
      launcher.button.focus();
    },
  });
  const mount = () => document.body.append(launcher.host);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);

  /** The chatbot's launcher settings (its place unless the page pinned one, label, colour). */
  function applyLauncher(value: unknown) {
    if (typeof value !== 'object' || value === null) return;
    const { color, textColor, position, label } = value as Record<string, unknown>;
    if (typeof color === 'string') {
      launcher.setColor(color, typeof textColor === 'string' ? textColor : undefined);
    }
    const place = positionOf(position);
    if (place && !settings.position) launcher.setPosition(place);
    if (typeof label === 'string') launcher.setLabel(label);
  }

  // Asked at once, so the launcher sits where the admin chose before the window is ever opened;
  // the open window keeps it up to date. Without an answer the launcher keeps its defaults.
  if (typeof win.fetch === 'function') {
    const url = new URL('/api/widget/launcher', settings.windowUrl);
    url.searchParams.set('workspaceId', settings.workspaceId);
    if (settings.chatbotId) url.searchParams.set('chatbotId', settings.chatbotId);
    win
      .fetch(url)
      .then((response) => (response.ok ? response.json() : null))
      .then(applyLauncher, () => undefined);
  }

  function frameUrl(): string {
    const url = new URL(settings.windowUrl);
    url.searchParams.set(windowParams.workspaceId, settings.workspaceId);
    if (settings.chatbotId) url.searchParams.set(windowParams.chatbotId, settings.chatbotId);
    if (locale) url.searchParams.set(windowParams.locale, locale);
    url.searchParams.set(windowParams.parentOrigin, settings.pageOrigin);
    return url.toString();
  }

  function post(message: LoaderToWindow) {
    if (frameReady) frame?.contentWindow?.postMessage(message, windowOrigin);
  }

  function emit(event: ParleyEvent, detail?: ReceivedMessage | IdentityError) {
    for (const handler of [...(handlers.get(event) ?? [])]) {
      try {
        handler(detail);
      } catch (error) {
        // The page's handler failing must not stop the widget (nor the other handlers).
        console.error(error);
      }
    }
  }

  function show(next: boolean) {
    if (open === next) return;
    open = next;
    frame = launcher.setOpen(open, frameUrl);
    post({ tag: frameTag, type: 'visibility', open });
    emit(open ? 'opened' : 'closed');
  }

  win.addEventListener('message', (event: MessageEvent) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== windowOrigin) return;
    if (!isFrameMessage(event.data)) return;
    const message = event.data as WindowToLoader;
    switch (message.type) {
      case 'ready':
        frameReady = true;
        if (logoutPending) post({ tag: frameTag, type: 'logout' });
        logoutPending = false;
        if (identity) post({ tag: frameTag, type: 'identify', identity });
        if (locale) post({ tag: frameTag, type: 'set-locale', locale });
        post({ tag: frameTag, type: 'visibility', open });
        return;
      case 'chatbot':
        applyLauncher(message);
        return;
      case 'close':
        show(false);
        launcher.button.focus();
        return;
      case 'message':
        emit('message', message.message);
        return;
      case 'error':
        emit('error', message.error);
        return;
    }
  });

  function run(call: ArrayLike<unknown>) {
    const [name, ...args] = Array.from(call);
    const method = methods.find((candidate) => candidate === name);
    if (!method) {
      console.error(`Parley: unknown method ${String(name)}`);
      return;
    }
    (api[method] as (...values: unknown[]) => void)(...args);
  }

  const api: Parley = {
    open: () => show(true),
    close: () => show(false),
    toggle: () => show(!open),
    isOpen: () => open,
    identify(next) {
      identity = { ...identity, ...next };
      post({ tag: frameTag, type: 'identify', identity: next });
    },
    logout() {
      identity = null;
      // The token lives in the window's storage (our origin): only the window can end it, so a
      // window not framed yet is framed, hidden, to do so.
      if (frameReady) post({ tag: frameTag, type: 'logout' });
      else {
        logoutPending = true;
        frame = launcher.frame(frameUrl);
      }
    },
    setLocale(next) {
      locale = next;
      post({ tag: frameTag, type: 'set-locale', locale: next });
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(handler);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler);
    },
    q: {
      push(...calls) {
        calls.forEach(run);
        return 0;
      },
    },
    loaded: true,
  };

  const queued = (win.Parley as { q?: unknown } | undefined)?.q;
  win.Parley = api;
  if (Array.isArray(queued)) queued.forEach(run);
  return api;
}
