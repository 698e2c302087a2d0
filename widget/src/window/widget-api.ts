import { callWith, createApiClient, storageEndpoints, widgetEndpoints } from 'shared-sdk';
import type {
  Conversation,
  Message,
  StoredFile,
  WidgetConversation,
  WidgetMessageRequest,
  WidgetRatingRequest,
  WidgetPreChatRequest,
  WidgetSession,
  WidgetSessionRequest,
  WidgetSuggestionRequest,
  WidgetVisitor,
} from 'shared-sdk/schemas';

/** The widget's calls (shared-sdk/schemas/widget.ts), with the visitor token once there is one. */
export interface WidgetApi {
  /** Starts a visitor, or resumes the stored one and updates the identity given. */
  startSession(request: WidgetSessionRequest): Promise<WidgetSession>;
  /** The visitor's current conversation and its messages, by timestamp. */
  conversation(): Promise<WidgetConversation>;
  /** Stores the customer's message (creating the conversation on the first one). */
  sendMessage(request: WidgetMessageRequest): Promise<Message>;
  /** Saves the answers to the pre-chat form on the visitor's customer record. */
  answerPreChat(request: WidgetPreChatRequest): Promise<WidgetVisitor>;
  /** Asks for a person: the conversation becomes pending. */
  handoff(): Promise<Conversation>;
  /** Chooses one of a bot message's suggestions (pairId null: "None of these"). */
  chooseSuggestion(request: WidgetSuggestionRequest): Promise<{ conversation: Conversation }>;
  /** Rates the visitor's latest resolved conversation, once; answers it with its rating. */
  rate(request: WidgetRatingRequest): Promise<Conversation>;
  /** `Parley.logout()`: ends the visitor token. */
  logout(): Promise<void>;
  /** Uploads an image to attach to the next message. */
  uploadAttachment(file: Blob, fileName: string): Promise<StoredFile>;
}

export function createWidgetApi(options: {
  /** The API's origin; the window is served by it, so '' (same origin). */
  baseUrl: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
}): WidgetApi {
  // The shared client: product-spec.md §7 retry rules (GET once on 408, 425, 429, 5xx…), §9 time-out, and
  // product-spec.md §8 error codes on failures.
  const client = createApiClient(options);
  return {
    startSession: (request) => callWith(client, widgetEndpoints.session, request),
    conversation: () => callWith(client, widgetEndpoints.conversation),
    sendMessage: (request) => callWith(client, widgetEndpoints.sendMessage, request),
    answerPreChat: (request) => callWith(client, widgetEndpoints.preChat, request),
    handoff: () => callWith(client, widgetEndpoints.handoff),
    chooseSuggestion: (request) => callWith(client, widgetEndpoints.suggestion, request),
    rate: (request) => callWith(client, widgetEndpoints.rate, request),
    logout: () => callWith(client, widgetEndpoints.logout),
    uploadAttachment(file, fileName) {
      const form = new FormData();
      form.append('file', file, fileName);
      return client.upload(storageEndpoints.widgetAttachment.path, form);
    },
  };
}
