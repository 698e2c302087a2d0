import { isWithinBusinessHours } from 'shared-sdk';
import type { Message, WidgetChatbot } from 'shared-sdk/schemas';
import type { ChatState } from './chat-state';

/**
 * The chatbot's greeting, as the first bot message of a chat not started yet (no conversation
 * shown). Nothing is stored for it: the server stores the greeting when the customer writes.
 */
export function greetingMessage(state: ChatState): Message | null {
  const chatbot = state.chatbot;
  if (state.phase !== 'ready' || !chatbot?.greetingMessage || state.conversationId) return null;
  return {
    id: 'greeting',
    conversationId: '',
    role: 'bot',
    senderId: chatbot.id,
    content: chatbot.greetingMessage,
    form: null,
    attachments: [],
    // No time shown: it is said when the window opens.
    timestamp: '',
  };
}

/** Outside the chatbot's business hours at `now` (the window shows the away message). */
export function isAway(chatbot: WidgetChatbot, now: Date): boolean {
  try {
    return !isWithinBusinessHours(chatbot.businessHours, now);
  } catch {
    // A time zone this browser does not know: better no banner than a wrong one.
    return false;
  }
}
