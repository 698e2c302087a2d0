import { sql } from 'kysely';
import { selectEnrichedConversations, toConversation } from '../repositories/conversations';
import { toConversationNote } from '../repositories/conversation-notes';
import { toMessage } from '../repositories/messages';
import {
  column,
  requireWorkspaceId,
  text,
  timestamp,
  type CollectionDefinition,
} from './collection-definition';
import { LiveError } from './live-error';
import { applyPlan, buildPlan } from './query-plan';
import type { FieldDefinition, OrderField, QueryPlan } from './query-plan';

// The chat takeover's live collections: conversations and their messages.

const conversationFields: Record<string, FieldDefinition> = {
  // conversations.id is stored in byte order (collate "C"): conversations_list_idx serves it.
  id: text(column('c.id'), true),
  status: text(column('c.status'), true),
  // product-spec.md §2 takeover list: pending first. The expression of conversations_list_idx.
  isPending: { type: 'boolean', sql: sql`(${sql.ref('c.status')} = 'pending')`, sortable: true },
  customerId: text(column('c.customerId')),
  // The assignment filter: == userId (mine), == null (unassigned); conversations_assignee_list_idx.
  assigneeId: text(column('c.assigneeId')),
  chatbotId: text(column('c.chatbotId')),
  // The list's channel filter (widget, email), within the workspace the plan already requires.
  channel: text(column('c.channel')),
  // Stored at millisecond precision (migration 0005).
  createdAt: timestamp(column('c.createdAt')),
  updatedAt: timestamp(column('c.updatedAt')),
};
// product-spec.md §2/§4: pending conversations first, then by updatedAt descending.
const conversationOrder: OrderField[] = [
  { field: 'isPending', direction: 'desc' },
  { field: 'updatedAt', direction: 'desc' },
];

/** Conversations, enriched with their customer's names (the takeover list shows them). */
export const conversations: CollectionDefinition = {
  fields: conversationFields,
  defaultOrder: conversationOrder,
  plan(query) {
    return buildPlan({
      query,
      fields: conversationFields,
      defaultOrder: conversationOrder,
      workspaceId: requireWorkspaceId(query),
      userId: null,
      access: 'member',
    });
  },
  async fetch(db, plan) {
    const query = selectEnrichedConversations(db).where(
      'c.workspaceId',
      '=',
      plan.workspaceId ?? '',
    );
    return (await applyPlan(query, plan).execute()).map(toConversation);
  },
  affectedBy: (event, plan) =>
    (event.collection === 'conversations' || event.collection === 'customers') &&
    event.workspaceId === plan.workspaceId,
};

const messageFields: Record<string, FieldDefinition> = {
  id: text(column('m.id'), true),
  conversationId: text(column('m.conversationId')),
  role: text(column('m.role'), true),
  senderId: text(column('m.senderId')),
  timestamp: timestamp(column('m.timestamp')),
};
// product-spec.md §3: chat messages are ordered by timestamp (messages_conversation_id_timestamp_idx).
const timestampOrder: OrderField[] = [{ field: 'timestamp', direction: 'asc' }];

/** The conversation a `messages` (or `conversation_notes`) query reads, kept as a condition. */
export function conversationIdOf(plan: QueryPlan): string | undefined {
  const condition = plan.conditions.find(
    (candidate) => candidate.field === 'conversationId' && candidate.op === '==',
  );
  return typeof condition?.value === 'string' ? condition.value : undefined;
}

/**
 * A collection read one conversation at a time: { collection, workspaceId, conversationId },
 * by members (and, for `messages` only, by that conversation's visitor: live-access.ts).
 */
function perConversation(
  collection: 'messages' | 'conversation_notes',
  fields: Record<string, FieldDefinition>,
  fetch: CollectionDefinition['fetch'],
): CollectionDefinition {
  return {
    fields,
    defaultOrder: timestampOrder,
    plan(query) {
      if (query.conversationId === undefined) {
        throw new LiveError(
          'invalid-argument',
          `${collection} are read by workspaceId and conversationId`,
        );
      }
      // The conversation is named once, by the query's conversationId: it is what is authorized.
      if (query.where?.some((condition) => condition.field === 'conversationId')) {
        throw new LiveError(
          'invalid-argument',
          "Name the conversation by the query's conversationId",
        );
      }
      return buildPlan({
        query,
        fields,
        defaultOrder: timestampOrder,
        workspaceId: requireWorkspaceId(query),
        userId: null,
        access: 'member',
        extraConditions: [{ field: 'conversationId', op: '==', value: query.conversationId }],
      });
    },
    fetch,
    affectedBy(event, plan) {
      if (event.collection !== collection || event.workspaceId !== plan.workspaceId) return false;
      const conversationId = conversationIdOf(plan);
      return (
        !event.conversationIds ||
        conversationId === undefined ||
        event.conversationIds.includes(conversationId)
      );
    },
  };
}

/** One conversation's messages: { collection: 'messages', workspaceId, conversationId }. */
export const messages = perConversation('messages', messageFields, async (db, plan) => {
  const query = db
    .selectFrom('messages as m')
    .selectAll('m')
    .where('m.workspaceId', '=', plan.workspaceId ?? '');
  return (await applyPlan(query, plan).execute()).map(toMessage);
});

/** Members' private notes of one conversation (conversation_notes_conversation_idx). */
export const conversationNotes = perConversation(
  'conversation_notes',
  {
    id: text(column('n.id'), true),
    conversationId: text(column('n.conversationId')),
    authorId: text(column('n.authorId')),
    timestamp: timestamp(column('n.timestamp')),
  },
  async (db, plan) => {
    const query = db
      .selectFrom('conversationNotes as n')
      .selectAll('n')
      .where('n.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toConversationNote);
  },
);
