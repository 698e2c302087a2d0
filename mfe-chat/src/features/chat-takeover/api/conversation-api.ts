import {
  aiTrainingQnaEndpoints,
  attachmentPath,
  call,
  conversationEndpoints,
  ticketEndpoints,
  uploadFile,
} from 'shared-sdk';
import type { CreateAiTrainingQnaRequest, SendMessageRequest } from 'shared-sdk/schemas';

// The chat takeover calls of product-spec.md §7 (workspace admins; the server checks membership again).

interface ConversationRef {
  workspaceId: string;
  conversationId: string;
}

/** Adds the agent to agentIds: the bot stops answering (the conversation becomes open). */
export const takeOverConversation = (ref: ConversationRef) =>
  call(conversationEndpoints.takeOver, ref);

export const resolveConversation = (ref: ConversationRef) =>
  call(conversationEndpoints.resolve, ref);

/** product-spec.md §6: messages sent from the dashboard carry role agent. */
export const sendAgentMessage = (request: SendMessageRequest) =>
  call(conversationEndpoints.sendMessage, request);

/** product-spec.md §3 messagesSeenCount: how many of the conversation's messages this user has seen. */
export const markMessagesSeen = (ref: ConversationRef & { messagesSeenCount: number }) =>
  call(conversationEndpoints.seenMessage, ref);

/** product-spec.md §7 POST /api/user/tickets, type external: a ticket linked to the conversation. */
export const createConversationTicket = (ref: ConversationRef & { assigneeId: string | null }) =>
  call(ticketEndpoints.create, { type: 'external', ...ref });

/** Assigns the conversation to an active member; null unassigns it. */
export const assignConversation = (ref: ConversationRef & { assigneeId: string | null }) =>
  call(conversationEndpoints.assign, ref);

/** A private note: members read it beside the messages; the customer never does. */
export const createNote = (ref: ConversationRef & { content: string }) =>
  call(conversationEndpoints.createNote, ref);

/** product-spec.md §3 stored path attachments/{conversationId}/{file}. */
export const uploadAttachment = (conversationId: string, file: File) =>
  uploadFile(attachmentPath(conversationId, file.name), file, file.name);

/** A Q&A pair from an agent's reply ("Save as Q&A"): the training's own pair-create call. */
export const createPairFromReply = (request: CreateAiTrainingQnaRequest) =>
  call(aiTrainingQnaEndpoints.create, request);
