import { z } from 'zod';
import { messageContentSchema } from './conversations';

const id = z.string().min(1).max(64);

/**
 * A private note of the workspace's members on a conversation. Kept apart from the messages
 * (the live `conversation_notes` collection, read like `messages` by workspaceId and
 * conversationId): the widget's visitor token cannot read that collection at all, and nothing
 * the customer reads (messages, lastMessage, messagesCount, webhooks) ever includes a note.
 * `kind` tells a note from a message when the dashboard shows both in one timeline.
 */
export const conversationNoteSchema = z.object({
  id,
  kind: z.literal('note'),
  workspaceId: id,
  conversationId: id,
  /** The member who wrote it. */
  authorId: id,
  content: z.string(),
  timestamp: z.string(),
});
export type ConversationNote = z.infer<typeof conversationNoteSchema>;

// POST /api/user/notes.
export const createConversationNoteRequestSchema = z.object({
  workspaceId: id,
  conversationId: id,
  content: messageContentSchema.min(1, 'Please write the note'),
});
export type CreateConversationNoteRequest = z.infer<typeof createConversationNoteRequestSchema>;
