import type { Kysely } from 'kysely';
import type { Conversation, ConversationNote } from 'shared-sdk/schemas';
import { requireMember } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { insertConversationNote, toConversationNote } from '../repositories/conversation-notes';
import { lockLatestResolvedConversationOfCustomer } from '../repositories/conversation-locks';
import { setConversationAssignee, setConversationRating } from '../repositories/conversations';
import type { CustomerRow } from '../repositories/customers';
import { lockWorkspaceConversation, readBack, type ConversationCall } from './conversations';

// The agents' inbox around a conversation (issue 18): who answers it, the members' private
// notes, and the customer's rating once it is resolved.

const notAMember = (assigneeId: string) =>
  new HttpError(400, `assigneeId: ${assigneeId} is not an active member of this workspace`);
export const nothingToRate = () =>
  new HttpError(400, 'There is no resolved conversation to rate yet');
export const alreadyRated = () => new HttpError(400, 'This conversation has already been rated');

/**
 * POST /api/user/assign-conversation: the assignee must be an active member (any role) of the
 * conversation's workspace, checked in the same transaction as the write; null unassigns.
 */
export async function assignConversation(
  trx: Kysely<Database>,
  call: ConversationCall & { assigneeId: string | null },
): Promise<Conversation> {
  const row = await lockWorkspaceConversation(trx, call.workspaceId, call.conversationId);
  if (call.assigneeId !== null) {
    const assigneeId = call.assigneeId;
    await requireMember(trx, assigneeId, call.workspaceId, {
      notFound: () => notAMember(assigneeId),
    });
  }
  return readBack(trx, await setConversationAssignee(trx, row, call.assigneeId));
}

/**
 * POST /api/user/notes: a member's private note, stored beside (never among) the messages. The
 * conversation is locked, as for a message, so the note's time keeps its place among them.
 */
export async function addConversationNote(
  trx: Kysely<Database>,
  call: ConversationCall & { content: string },
): Promise<ConversationNote> {
  const row = await lockWorkspaceConversation(trx, call.workspaceId, call.conversationId);
  const note = await insertConversationNote(trx, {
    workspaceId: row.workspaceId,
    conversationId: row.id,
    authorId: call.agentId,
    content: call.content,
  });
  return toConversationNote(note);
}

/**
 * POST /api/widget/rating: the customer rates their latest resolved conversation, once. The
 * rating and the workspace's figures change in one transaction (the statistics stay exact).
 */
export async function rateConversation(
  trx: Kysely<Database>,
  customer: CustomerRow,
  rating: { rating: number; comment?: string },
  now: Date,
): Promise<Conversation> {
  const row = await lockLatestResolvedConversationOfCustomer(trx, customer.id);
  if (!row) throw nothingToRate();
  if (row.rating !== null) throw alreadyRated();
  const comment = rating.comment ? rating.comment : null;
  const rated = await setConversationRating(trx, row, { value: rating.rating, comment }, now);
  return readBack(trx, rated);
}
