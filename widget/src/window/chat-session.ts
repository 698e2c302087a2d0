import { ApiError, retryableSendIds } from 'shared-sdk';
import type { LiveClient, LiveState } from 'shared-sdk/live';
import { followChatbot, showsSettings } from './follow-chatbot';
import { followConversation } from './follow-conversation';
import type {
  Conversation,
  Message,
  StoredFile,
  WidgetIdentityResult,
  WidgetSession,
} from 'shared-sdk/schemas';
import type { ReceivedMessage } from '../frame-messages';
import { createTypingSignals } from './typing-signals';
import { customerOf, initialChatState } from './chat-state';
import type {
  ChatErrorKind,
  ChatSession,
  ChatState,
  IdentifyRequest,
  OutgoingMessage,
} from './chat-state';
import type { VisitorTokenStore } from './visitor-token';
import type { WidgetApi } from './widget-api';

/** How long "is typing…" shows after the customer's message if no answer comes. */
export const replyWaitMs = 45_000;

export interface ChatSessionOptions {
  workspaceId: string;
  chatbotId?: string;
  /** The embedding page's origin, sent with the session so its admins see where the widget runs. */
  pageOrigin?: string;
  api: WidgetApi;
  live: LiveClient;
  tokens: VisitorTokenStore;
  /** A message from the bot or an agent arrived live (for the page's `message` event). */
  onReceived?: (message: ReceivedMessage) => void;
  /** An identify was not verified: why (for the page's `error` event). */
  onIdentityError?: (error: NonNullable<WidgetIdentityResult['error']>) => void;
  online?: boolean;
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

const byTimestamp = (a: Message, b: Message) =>
  a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : 1;

const serverMessage = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? error.serverMessage : undefined;

/** The window's state and what the visitor can do, without any DOM (the view renders it). */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const { api, live, tokens, workspaceId, chatbotId, pageOrigin } = options;
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined));
  const listeners = new Set<(state: ChatState) => void>();
  let state = initialChatState(options.online ?? true);
  /** Messages the window has shown: only others are "received" (the page's `message` event). */
  const known = new Set<string>();
  let unfollow: (() => void) | null = null;
  let followingChatbot = false;
  let replyTimer: unknown;
  let nextLocalId = 1;
  let started: Promise<void> | null = null;
  /** The customer the token reaches: a verified identify may make the visitor another one. */
  let customerId: string | null = null;
  const typing = createTypingSignals({
    live,
    onAgentTyping: (agentTyping) => update({ agentTyping }),
    now: options.now,
    setTimeout: options.setTimeout,
    clearTimeout: options.clearTimeout,
  });

  function update(patch: Partial<ChatState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  }

  function expectReply(expected: boolean) {
    cancel(replyTimer);
    replyTimer = undefined;
    if (expected) replyTimer = schedule(() => update({ awaitingReply: false }), replyWaitMs);
    if (state.awaitingReply !== expected) update({ awaitingReply: expected });
  }

  /** The bot answers only a conversation no person has been asked for or has taken over. */
  const botAnswers = (conversation: Conversation | null) =>
    !conversation || (conversation.status === 'open' && conversation.agentIds.length === 0);

  function mergeMessages(incoming: readonly Message[], announce: boolean) {
    const byId = new Map(state.messages.map((message) => [message.id, message]));
    let answered = false;
    for (const message of incoming) {
      byId.set(message.id, message);
      if (known.has(message.id)) continue;
      known.add(message.id);
      if (message.role === 'user') continue;
      answered = true;
      if (message.role === 'agent') typing.answered();
      if (announce) {
        options.onReceived?.({
          id: message.id,
          conversationId: message.conversationId,
          role: message.role,
          content: message.content,
          timestamp: message.timestamp,
        });
      }
    }
    update({ messages: [...byId.values()].sort(byTimestamp) });
    if (answered) expectReply(false);
  }

  function setConversation(conversation: Conversation | null) {
    const handoffRequested =
      state.handoffRequested &&
      conversation?.status !== 'pending' &&
      conversation?.status !== 'resolved';
    update({ conversation, handoffRequested });
    if (!botAnswers(conversation)) expectReply(false);
  }

  const liveStatus = (status: LiveState['status']): ChatState['live'] =>
    status === 'loading' ? 'connecting' : status === 'error' ? 'failed' : status;

  /** Live updates of the conversation, while it is still the one shown. */
  function follow(conversationId: string) {
    unfollow?.();
    const current = () => state.conversationId === conversationId;
    unfollow = followConversation(live, workspaceId, conversationId, {
      onMessages: (messages) => current() && mergeMessages(messages, true),
      onConversation: (conversation) => current() && setConversation(conversation),
      onStatus: (status) => current() && update({ live: liveStatus(status) }),
    });
  }

  function followSettings(chatbotId: string) {
    if (followingChatbot) return;
    followingChatbot = true;
    followChatbot(live, workspaceId, chatbotId, (settings) => {
      const current = state.chatbot;
      if (current && !showsSettings(current, settings)) {
        update({ chatbot: { ...current, ...settings } });
      }
    });
  }

  function show(conversationId: string | null) {
    if (conversationId === state.conversationId) return;
    unfollow?.();
    unfollow = null;
    known.clear();
    update({
      conversationId,
      conversation: null,
      messages: [],
      handoffRequested: false,
      live: conversationId ? 'connecting' : 'off',
    });
    typing.follow(conversationId);
    expectReply(false);
    if (conversationId) follow(conversationId);
  }

  async function openSession(customer?: IdentifyRequest) {
    const request = {
      workspaceId,
      ...(chatbotId ? { chatbotId } : {}),
      ...(pageOrigin ? { pageOrigin } : {}),
      ...(customer ? { customer } : {}),
    };
    try {
      return await api.startSession(request);
    } catch (error) {
      // A token the server no longer knows (its customer was deleted): start as a new visitor.
      if (!(error instanceof ApiError) || error.status !== 401 || !tokens.get()) throw error;
      tokens.clear();
      return api.startSession(request);
    }
  }

  function keepToken(token: string) {
    const changed = token !== tokens.get();
    tokens.set(token);
    if (changed) void live.reauthenticate();
  }

  /**
   * The visitor the server answered with: their token, and their conversation when they are a
   * customer the window did not show yet (a new page load, or a verified identify that made the
   * visitor the customer of their user id, with the conversations of their other devices).
   */
  async function adopt(session: WidgetSession) {
    keepToken(session.visitorToken);
    update({ chatbot: session.chatbot, visitor: session.visitor });
    followSettings(session.chatbot.id);
    if (session.identity?.error) options.onIdentityError?.(session.identity.error);
    if (session.customerId === customerId) return;
    customerId = session.customerId;
    show(null);
    if (!session.conversation) return;
    const current = await api.conversation();
    if (current.conversation) {
      show(current.conversation.id);
      update({ customer: customerOf(current.conversation) });
      setConversation(current.conversation);
      // What the visitor saw before this page load is not news for the page's `message` event.
      mergeMessages(current.messages, false);
      expectReply(false);
    }
  }

  async function begin() {
    update({ phase: 'starting', error: null });
    try {
      await adopt(await openSession());
      update({ phase: 'ready' });
    } catch (error) {
      started = null;
      update({ phase: 'failed', error: { kind: 'start', serverMessage: serverMessage(error) } });
      throw error;
    }
  }

  /** Every call waits for the session: it carries the visitor token. */
  const ready = () => (started ??= begin());
  /** The identify under way, if any: it may make the visitor another customer. */
  let identifying: Promise<unknown> = Promise.resolve();
  /**
   * The visitor's own calls wait for an identify under way too: a message typed while the page
   * identifies its user goes to the customer the identify makes, not to the anonymous visitor
   * before it.
   */
  const asVisitor = async () => {
    await ready();
    await identifying;
  };
  // Sending the same text again after a failure reuses its id: the server may have stored it.
  const sendIds = retryableSendIds();

  type BusyFlag = 'ratingSending' | 'savingDetails' | 'savingPreChat';
  /**
   * A visitor's action, its progress shown by `busy` if it has one: on success it ends with the
   * task's changes; a failure shows as an error of `kind`, with the server's message.
   */
  async function attempt(
    kind: ChatErrorKind,
    busy: BusyFlag | null,
    task: () => Promise<Partial<ChatState> | void>,
  ): Promise<boolean> {
    const flag = (value: boolean) => (busy ? { [busy]: value } : {});
    update({ ...flag(true), error: null });
    try {
      update({ ...flag(false), ...(await task()) });
      return true;
    } catch (error) {
      update({ ...flag(false), error: { kind, serverMessage: serverMessage(error) } });
      return false;
    }
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => ready().catch(() => undefined),

    async send(content, attachments = []) {
      const text = content.trim();
      if (!text && attachments.length === 0) return false;
      const outgoing: OutgoingMessage = {
        localId: `local-${nextLocalId++}`,
        content: text,
        imageName: attachments[0]?.originalName,
      };
      update({ outgoing: [...state.outgoing, outgoing], error: null });
      const done = () => state.outgoing.filter((item) => item !== outgoing);
      const paths = attachments.map(({ path }) => ({ path }));
      const { clientId, settled } = sendIds.idFor([text, paths]);
      try {
        await asVisitor();
        const message = await api.sendMessage({
          content: text,
          ...(paths.length ? { attachments: paths } : {}),
          clientId,
        });
        settled(true);
        // The first message (or the first after a resolved one) opened a new conversation.
        show(message.conversationId);
        update({ outgoing: done() });
        mergeMessages([message], false);
        // The answer may have come live before this response did.
        expectReply(botAnswers(state.conversation) && state.messages.at(-1)?.role === 'user');
        return true;
      } catch (error) {
        settled(false);
        update({ outgoing: done(), error: { kind: 'send', serverMessage: serverMessage(error) } });
        return false;
      }
    },

    async sendImage(file, content) {
      update({ uploading: true, error: null });
      let stored: StoredFile;
      try {
        await asVisitor();
        stored = await api.uploadAttachment(file, file.name);
      } catch (error) {
        update({
          uploading: false,
          error: { kind: 'upload', serverMessage: serverMessage(error) },
        });
        return false;
      }
      update({ uploading: false });
      return this.send(content, [stored]);
    },

    async handoff() {
      update({ handoffRequested: true, error: null });
      try {
        await asVisitor();
        await api.handoff();
        expectReply(false);
      } catch (error) {
        update({
          handoffRequested: false,
          error: { kind: 'handoff', serverMessage: serverMessage(error) },
        });
      }
    },

    async chooseSuggestion(messageId, pairId) {
      await attempt('suggestion', null, async () => {
        await asVisitor();
        const { conversation } = await api.chooseSuggestion({ messageId, pairId });
        setConversation(conversation);
      });
    },

    typing() {
      if (state.conversation?.status !== 'resolved') typing.typed();
    },

    rate: (rating, comment) =>
      attempt('rating', 'ratingSending', async () => {
        const text = comment.trim();
        const rated = await api.rate({ rating, ...(text ? { comment: text } : {}) });
        if (rated.id === state.conversationId) setConversation(rated);
      }),

    identify(identity) {
      const done = attempt('details', 'savingDetails', async () => {
        await ready();
        const session = await openSession(identity);
        await adopt(session);
        const { firstName, lastName, email, orderId } = identity;
        // What the server kept: a refused identity leaves the visitor as they were.
        if (session.identity?.saved === false) return;
        return { customer: { ...state.customer, firstName, lastName, email, orderId } };
      });
      identifying = done;
      return done;
    },

    answerPreChat: (answers) =>
      attempt('preChat', 'savingPreChat', async () => {
        await asVisitor();
        const visitor = await api.answerPreChat(answers);
        const { firstName, lastName, email } = visitor;
        return {
          visitor,
          customer: { ...state.customer, firstName, lastName, email: email ?? '' },
        };
      }),

    async logout() {
      // The session under way first: its token is the one to end.
      await started?.catch(() => undefined);
      if (tokens.get()) {
        // Forgotten here whatever the server says: an unknown token has ended already.
        await api.logout().catch(() => undefined);
      }
      tokens.clear();
      customerId = null;
      started = null;
      show(null);
      const fresh = initialChatState(state.online);
      update({ customer: fresh.customer, visitor: fresh.visitor, error: null });
      await ready().catch(() => undefined);
    },

    startNew() {
      show(null);
    },
    setOnline(online) {
      if (state.online !== online) update({ online });
    },
    dismissError() {
      if (state.error) update({ error: null });
    },
  };
}
