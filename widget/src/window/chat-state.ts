import type {
  Conversation,
  CustomerIdentity,
  Message,
  StoredFile,
  WidgetChatbot,
  WidgetPreChatRequest,
  WidgetSessionRequest,
  WidgetVisitor,
} from 'shared-sdk/schemas';

/** What `Parley.identify` may say: the details, and the business's signature of its user id. */
export type IdentifyRequest = NonNullable<WidgetSessionRequest['customer']>;

// The chat window's state and what the visitor can do in it (chat-session.ts does it; the
// dashboard's preview plays it with no server, preview-session.ts).

/** What failed last, for the window to say (with the server's own message when there is one). */
export type ChatErrorKind =
  'start' | 'send' | 'upload' | 'handoff' | 'details' | 'preChat' | 'rating' | 'suggestion';

export interface ChatError {
  kind: ChatErrorKind;
  /** The API's message (e.g. 'Please enter a valid e-mail address'), when the API answered. */
  serverMessage?: string;
}

/** A message the customer sent that the server has not stored yet. */
export interface OutgoingMessage {
  localId: string;
  content: string;
  imageName?: string;
}

export interface ChatState {
  phase: 'starting' | 'ready' | 'failed';
  chatbot: WidgetChatbot | null;
  /** The conversation the window shows; null before the first message (or after "start new"). */
  conversationId: string | null;
  /** Its document, as the session, the messages call or the live query last told it. */
  conversation: Conversation | null;
  /** Stored messages by timestamp. */
  messages: Message[];
  outgoing: OutgoingMessage[];
  uploading: boolean;
  /** The visitor asked for a person and the conversation is not pending yet. */
  handoffRequested: boolean;
  /** The customer wrote last and the bot is expected to answer: "is typing…". */
  awaitingReply: boolean;
  /** An agent is typing in the conversation (live typing events). */
  agentTyping: boolean;
  /** The customer's rating of the resolved conversation is on its way. */
  ratingSending: boolean;
  /** Live updates of the conversation: `off` until there is one. */
  live: 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';
  /** The browser's network state. */
  online: boolean;
  /** What the visitor told about themselves (the details form starts from it). */
  customer: CustomerIdentity;
  savingDetails: boolean;
  /** What the server knows of the visitor: the pre-chat form asks only for what is missing. */
  visitor: WidgetVisitor;
  savingPreChat: boolean;
  error: ChatError | null;
}

export interface ChatSession {
  readonly state: ChatState;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (state: ChatState) => void): () => void;
  /** Opens the session (resuming the stored visitor), then the current conversation. */
  start(): Promise<void>;
  /** Sends a message; false when it failed (the window keeps the text for another try). */
  send(content: string, attachments?: StoredFile[]): Promise<boolean>;
  /** Uploads an image, then sends it with `content`. */
  sendImage(file: File, content: string): Promise<boolean>;
  handoff(): Promise<void>;
  /**
   * The customer's choice among a bot message's "Did you mean…" suggestions: a pair's id, or
   * null for "None of these". The answer (or the handoff) arrives live.
   */
  chooseSuggestion(messageId: string, pairId: string | null): Promise<void>;
  /** The customer is typing: the agents are told (throttled). */
  typing(): void;
  /** Rates the resolved conversation (1–5, an optional comment); false when it failed. */
  rate(rating: number, comment: string): Promise<boolean>;
  /**
   * Updates who the visitor is (the details form, the page's `Parley.identify`). A signed identity
   * the server verifies makes the visitor that customer: the window shows their conversation.
   */
  identify(identity: IdentifyRequest): Promise<boolean>;
  /** `Parley.logout()`: the visitor token ends and the window starts over as a new visitor. */
  logout(): Promise<void>;
  /** The answers to the chatbot's pre-chat form; false when they were refused or not sent. */
  answerPreChat(answers: WidgetPreChatRequest): Promise<boolean>;
  /** After a resolved conversation: an empty window, and the next message opens a new one. */
  startNew(): void;
  setOnline(online: boolean): void;
  dismissError(): void;
}

/** A window before its session has started: no chatbot, no conversation, nothing sent. */
export function initialChatState(online: boolean): ChatState {
  return {
    phase: 'starting',
    chatbot: null,
    conversationId: null,
    conversation: null,
    messages: [],
    outgoing: [],
    uploading: false,
    handoffRequested: false,
    awaitingReply: false,
    agentTyping: false,
    ratingSending: false,
    live: 'off',
    online,
    customer: {},
    savingDetails: false,
    visitor: { verified: false, firstName: '', lastName: '', email: null, preChatAnswered: false },
    savingPreChat: false,
    error: null,
  };
}

/** The details the window's form shows for a conversation's customer. */
export function customerOf(conversation: Conversation): CustomerIdentity {
  const { firstName, lastName, email, orderId } = conversation.customer;
  return { firstName, lastName, email: email ?? '', orderId: orderId ?? '' };
}
