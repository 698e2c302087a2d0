import type { Message, WidgetChatbot } from 'shared-sdk/schemas';
import { initialChatState, type ChatSession, type ChatState } from './chat-state';

export interface PreviewSamples {
  /** What a customer might ask. */
  question: string;
  /** What the bot might answer. */
  answer: string;
}

const sampleConversationId = 'preview';
const sampleTime = Date.UTC(2025, 0, 1, 9, 0, 0);

function sampleMessage(
  index: number,
  role: Message['role'],
  content: string,
  senderId: string,
): Message {
  return {
    id: `preview-${index}`,
    conversationId: sampleConversationId,
    role,
    senderId,
    content,
    form: null,
    attachments: [],
    timestamp: new Date(sampleTime + index * 1000).toISOString(),
  };
}

/**
 * The dashboard's preview of the chat window: the view's session, with sample messages instead
 * of a conversation. It calls no API and opens no socket, so previewing creates no visitor or
 * conversation; what the admin types in it stays in the frame. The chatbot is what the page sends
 * (`showChatbot`), so the window shows the draft settings before they are saved.
 */
export function createPreviewSession(samples: PreviewSamples): ChatSession & {
  showChatbot(chatbot: WidgetChatbot): void;
} {
  const listeners = new Set<(state: ChatState) => void>();
  let nextIndex = 1;
  const botMessage = (content: string, chatbotId: string) =>
    sampleMessage(nextIndex++, 'bot', content, chatbotId);
  const customerMessage = (content: string) =>
    sampleMessage(nextIndex++, 'user', content, 'preview-customer');

  // Starting until the page sends the chatbot (the view says it is loading); no conversation:
  // nothing to hand over, and the details form saves nowhere.
  let state = initialChatState(true);

  function update(patch: Partial<ChatState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  async function send(content: string) {
    const text = content.trim();
    if (!text) return false;
    update({ messages: [...state.messages, customerMessage(text)] });
    return true;
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {},
    send,
    // Nothing is uploaded from a preview: the caption shows as a message.
    sendImage: (_file, content) => send(content),
    // Its button shows only in a conversation, and a preview has none.
    async handoff() {},
    // A preview never suggests: the bot does not answer in it.
    async chooseSuggestion() {},
    // A preview has no conversation: nobody to tell of typing, nothing resolved to rate.
    typing() {},
    rate: async () => false,
    async identify({ firstName, lastName, email, orderId }) {
      update({ customer: { ...state.customer, firstName, lastName, email, orderId } });
      return true;
    },
    // Nobody to sign out: a preview has no visitor.
    async logout() {},
    // The admin tries the form: it is answered in the frame only.
    async answerPreChat({ name = '', email = '' }) {
      update({
        visitor: {
          verified: false,
          firstName: name,
          lastName: '',
          email: email || null,
          preChatAnswered: true,
        },
      });
      return true;
    },
    startNew() {
      update({ messages: [] });
    },
    setOnline(online) {
      if (state.online !== online) update({ online });
    },
    dismissError() {
      if (state.error) update({ error: null });
    },
    showChatbot(chatbot) {
      const messages =
        state.messages.length > 0
          ? state.messages
          : [customerMessage(samples.question), botMessage(samples.answer, chatbot.id)];
      update({ phase: 'ready', chatbot, messages });
    },
  };
}
