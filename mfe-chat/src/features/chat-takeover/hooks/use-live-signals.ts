import { useEffect, useRef, useState } from 'react';
import {
  presenceExpiresMs,
  presenceRefreshMs,
  typingSendIntervalMs,
  typingShownMs,
  type LiveSignal,
  type LiveSignalMessage,
} from 'shared-sdk';
import { configuredLiveClient, liveClientReady } from 'shared-sdk/live';

// Typing and presence over the page's live socket (shared-sdk live-signals.ts has the timings).

const send = (message: LiveSignalMessage) => configuredLiveClient()?.signal(message);

/** Hears the live socket's signals while mounted (the client may be configured later). */
function useSignals(listener: (signal: LiveSignal) => void) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let current = true;
    void liveClientReady().then((client) => {
      if (current) stop = client.onSignal((signal) => latest.current(signal));
    });
    return () => {
      current = false;
      stop?.();
    };
  }, []);
}

/** Who is typing in or viewing a conversation now: id → until when it holds. */
function useExpiringSet() {
  const [until, setUntil] = useState<Record<string, number>>({});
  const ids = Object.keys(until);
  useEffect(() => {
    if (ids.length === 0) return;
    const next = Math.min(...Object.values(until));
    const timer = setTimeout(
      () =>
        setUntil((current) =>
          Object.fromEntries(Object.entries(current).filter(([, time]) => time > Date.now())),
        ),
      Math.max(0, next - Date.now()) + 10,
    );
    return () => clearTimeout(timer);
  }, [until, ids.length]);
  return {
    ids,
    hold: (id: string, ms: number) =>
      setUntil((current) => ({ ...current, [id]: Date.now() + ms })),
    drop: (id: string) => setUntil(({ [id]: _gone, ...rest }) => rest),
  };
}

/**
 * Who is typing in the conversation (the customer, colleagues), and which colleagues have it
 * open; the signed-in user is left out of both.
 */
export function useConversationSignals(conversationId: string, currentUserId: string | undefined) {
  const typing = useExpiringSet();
  const viewing = useExpiringSet();
  useSignals((signal) => {
    if (signal.conversationId !== conversationId) return;
    if (signal.type === 'typing') {
      if (signal.from === 'agent' && signal.senderId === currentUserId) return;
      typing.hold(signal.from === 'customer' ? 'customer' : signal.senderId, typingShownMs);
      return;
    }
    if (signal.userId === currentUserId) return;
    if (signal.viewing) viewing.hold(signal.userId, presenceExpiresMs);
    else viewing.drop(signal.userId);
  });
  return {
    customerTyping: typing.ids.includes('customer'),
    colleaguesTyping: typing.ids.filter((id) => id !== 'customer'),
    colleaguesViewing: viewing.ids,
  };
}

/**
 * Tells colleagues this agent has the conversation open: now, when the socket is ready
 * (`ready`), then every presenceRefreshMs; and that they left it when it closes.
 */
export function useViewingSignal(conversationId: string, ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    send({ type: 'viewing', conversationId });
    const timer = setInterval(() => send({ type: 'viewing', conversationId }), presenceRefreshMs);
    return () => {
      clearInterval(timer);
      send({ type: 'viewing', conversationId: null });
    };
  }, [conversationId, ready]);
}

/** `typed()` for each change of the reply: sends `typing` at most once per typingSendIntervalMs. */
export function useTypingSender(conversationId: string) {
  const lastSent = useRef(0);
  return () => {
    const now = Date.now();
    if (now - lastSent.current < typingSendIntervalMs) return;
    lastSent.current = now;
    send({ type: 'typing', conversationId });
  };
}
