import { typingSendIntervalMs, typingShownMs } from 'shared-sdk';
import type { LiveClient } from 'shared-sdk/live';

export interface TypingSignals {
  /** The conversation the window shows (null: none): only its agents' typing counts. */
  follow(conversationId: string | null): void;
  /** The customer typed: tells the agents, at most once per typingSendIntervalMs. */
  typed(): void;
  /** An agent's message arrived: they have stopped typing. */
  answered(): void;
  /** Stops listening (the window closes). */
  stop(): void;
}

export interface TypingSignalsOptions {
  live: LiveClient;
  /** Whether an agent is typing in the followed conversation changed. */
  onAgentTyping: (typing: boolean) => void;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/**
 * Typing both ways over the live socket (live-signals.ts): the customer's keystrokes become a
 * typing event now and then, and an agent's typing shows until typingShownMs after their last
 * event, or until their message arrives.
 */
export function createTypingSignals(options: TypingSignalsOptions): TypingSignals {
  const { live, onAgentTyping } = options;
  const now = options.now ?? Date.now;
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined));
  let conversationId: string | null = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let hideTimer: unknown;
  let agentTyping = false;

  function show(typing: boolean) {
    cancel(hideTimer);
    hideTimer = typing ? schedule(() => show(false), typingShownMs) : undefined;
    if (agentTyping === typing) return;
    agentTyping = typing;
    onAgentTyping(typing);
  }

  const stopListening = live.onSignal((signal) => {
    if (signal.type !== 'typing' || signal.from !== 'agent') return;
    if (signal.conversationId === conversationId) show(true);
  });

  return {
    follow(next) {
      if (next === conversationId) return;
      conversationId = next;
      lastSentAt = Number.NEGATIVE_INFINITY;
      show(false);
    },
    typed() {
      if (!conversationId || now() - lastSentAt < typingSendIntervalMs) return;
      lastSentAt = now();
      live.signal({ type: 'typing', conversationId });
    },
    answered: () => show(false),
    stop() {
      stopListening();
      show(false);
    },
  };
}
