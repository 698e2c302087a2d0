import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import { randomId } from '../db/random-id';
import { runStatement } from '../db/statements';
import type { Statement } from '../db/statements';
import type { Database } from '../db/schema';
import type { ConversationRow } from './conversations';
import { recordMessageChange } from './messages';
import type { MessageRow, NewMessage } from './messages';

/**
 * What the conversation must be for the message to be stored; in any other state nothing is
 * stored and the message comes back undefined (its sender goes the general way, or stays silent):
 * - `any`: the caller has locked the conversation and decided already;
 * - `under-way`: not resolved (a customer's message in their latest conversation);
 * - `agent-in-it`: an open widget conversation the sending agent has taken over (a reply to a
 *   mail goes the general way, which queues its sending with it);
 * - `bot-may-answer`: open, and no agent has taken it over.
 */
export type AppendCondition = 'any' | 'under-way' | 'agent-in-it' | 'bot-may-answer';

/** One message to append, and where: a conversation (of a workspace), or the customer's latest. */
export interface MessageAppend {
  /**
   * The message's id, when the caller sends statements about the message along with this one,
   * before it answers; else a new one.
   */
  id?: string;
  to: { conversationId: string; workspaceId?: string } | { customerId: string };
  when: AppendCondition;
  /** `senderId` null: the conversation's chatbot. */
  message: Omit<NewMessage, 'senderId'> & { senderId: string | null };
}

/** The columns of the conversation the statement changed, or that decide who answers. */
export type AppendedConversation = Pick<
  ConversationRow,
  | 'id'
  | 'workspaceId'
  | 'status'
  | 'agentIds'
  | 'lastMessage'
  | 'messagesCount'
  | 'updatedAt'
  | 'lastCustomerMessageAt'
  | 'botAnsweredAt'
>;

/** A message stored, and its conversation as it now is. */
export interface Appended {
  row: MessageRow;
  conversation: AppendedConversation;
}

type AppendedRow = MessageRow & {
  conversationStatus: ConversationRow['status'];
  conversationAgentIds: ConversationRow['agentIds'];
  conversationLastMessage: ConversationRow['lastMessage'];
  conversationMessagesCount: ConversationRow['messagesCount'];
  conversationUpdatedAt: ConversationRow['updatedAt'];
  conversationLastCustomerMessageAt: ConversationRow['lastCustomerMessageAt'];
  conversationBotAnsweredAt: ConversationRow['botAnsweredAt'];
};

/**
 * The one statement that stores messages, `given` as a JSON array of named fields. Each message's
 * conversation is locked (in the order of the ids, so that two statements that lock several never
 * deadlock) and checked against its condition; the message is inserted and made its
 * conversation's last, the count grows, and a customer's message restarts the idle timeout. A
 * message already stored under its sender's `clientId` is not stored again (no row comes back).
 *
 * product-spec.md §3 messages are ordered by timestamp: the database's clock, but at least a
 * millisecond after the conversation's last message, so two messages stored within one
 * millisecond (the customer's and the bot's answer) never share a timestamp and keep their order.
 * greatest() leaves out a null: with no earlier message, the clock alone.
 */
const messagesAppended = compiledOnce((db, given: string, now: string) => ({
  compile: () =>
    sql<AppendedRow>`with given as (
      select * from jsonb_to_recordset(${given}::jsonb) as given
        (id text, conversation_id text, workspace_id text, customer_id text, must text,
         role text, sender_id text, content text, form jsonb, attachments jsonb, client_id text,
         product_card jsonb, source_link jsonb, suggestions jsonb, email jsonb)
    ), target as (
      select given.id as message_id, coalesce(given.conversation_id,
        (select id from conversations where customer_id = given.customer_id
          order by created_at desc, id desc limit 1)) as conversation_id
      from given
    ), locked as (
      -- Each conversation found by its id. The planner takes jsonb_to_recordset for a hundred
      -- rows, and would join instead: reading every conversation of the database to lock a few.
      select conversations.* from conversations
      where id = any(array(select conversation_id from target)) order by id for update
    ), m as (
      insert into messages
        (id, conversation_id, workspace_id, role, sender_id, content, form, attachments,
         client_id, product_card, source_link, suggestions, email, timestamp)
      select given.id, locked.id, locked.workspace_id, given.role,
        coalesce(given.sender_id, locked.chatbot_id), given.content, given.form,
        coalesce(given.attachments, '[]'::jsonb), given.client_id, given.product_card,
        given.source_link, given.suggestions, given.email,
        greatest(clock_timestamp(),
          (locked.last_message->>'timestamp')::timestamptz + interval '1 millisecond')
      from given
        join target on target.message_id = given.id
        join locked on locked.id = target.conversation_id
      where (given.workspace_id is null or locked.workspace_id = given.workspace_id)
        and case given.must
          when 'under-way' then locked.status <> 'resolved'
          when 'agent-in-it' then locked.status = 'open' and locked.channel = 'widget'
            and locked.agent_ids @> jsonb_build_array(given.sender_id)
          when 'bot-may-answer' then locked.status = 'open' and locked.agent_ids = '[]'::jsonb
          else given.must = 'any' end
      on conflict (sender_id, client_id) where client_id is not null do nothing
      returning *
    ), c as (
      update conversations set
        -- The timestamp as toISOString() writes it (milliseconds, truncated as the Date is).
        last_message = jsonb_build_object(
          'role', m.role,
          'content', m.content,
          'timestamp', to_char(m.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        messages_count = messages_count + 1,
        updated_at = ${now}::timestamptz,
        last_customer_message_at = case when m.role = 'user' then ${now}::timestamptz
          else conversations.last_customer_message_at end
      from m
      where conversations.id = m.conversation_id
      returning conversations.*
    )
    select m.*, c.status as conversation_status, c.agent_ids as conversation_agent_ids,
      c.last_message as conversation_last_message,
      c.messages_count as conversation_messages_count,
      c.updated_at as conversation_updated_at,
      c.last_customer_message_at as conversation_last_customer_message_at,
      c.bot_answered_at as conversation_bot_answered_at
    from m join c on c.id = m.conversation_id`.compile(db),
}));

function toAppended(handle: Kysely<Database>, stored: AppendedRow | undefined) {
  if (!stored) return undefined;
  const {
    conversationStatus,
    conversationAgentIds,
    conversationLastMessage,
    conversationMessagesCount,
    conversationUpdatedAt,
    conversationLastCustomerMessageAt,
    conversationBotAnsweredAt,
    ...row
  } = stored;
  recordMessageChange(handle, row.workspaceId, row.conversationId, row.id);
  const conversation: AppendedConversation = {
    id: row.conversationId,
    workspaceId: row.workspaceId,
    status: conversationStatus,
    agentIds: conversationAgentIds,
    lastMessage: conversationLastMessage,
    messagesCount: conversationMessagesCount,
    updatedAt: conversationUpdatedAt,
    lastCustomerMessageAt: conversationLastCustomerMessageAt,
    botAnsweredAt: conversationBotAnsweredAt,
  };
  return { row, conversation };
}

/**
 * Appends messages of any role, at most one per conversation, in one statement (see
 * messagesAppended): a write waits on one round trip to the database, and on PGlite holds its
 * only connection for one, however many messages it stores. Answers each message's result in
 * order: undefined when its conversation was not in the state `when` asks (nothing stored), or
 * when its sender's message of this `clientId` is stored already.
 */
export function appendMessages(
  handle: Kysely<Database>,
  appends: readonly MessageAppend[],
  now: Date,
): Promise<(Appended | undefined)[]> {
  return runStatement(handle, appendStatement(handle, appends, now));
}

/** appendMessages's statement, for a caller that sends others with it (sendTogether). */
export function appendStatement(
  handle: Kysely<Database>,
  appends: readonly MessageAppend[],
  now: Date,
): Statement<(Appended | undefined)[]> {
  // A key left out (undefined) is a null column.
  const given = appends.map(({ id, to, when, message }) => ({
    id: id ?? randomId(),
    conversation_id: 'conversationId' in to ? to.conversationId : undefined,
    workspace_id: 'workspaceId' in to ? to.workspaceId : undefined,
    customer_id: 'customerId' in to ? to.customerId : undefined,
    must: when,
    role: message.role,
    sender_id: message.senderId ?? undefined,
    content: message.content,
    form: message.form ?? undefined,
    attachments: message.attachments,
    client_id: message.clientId,
    product_card: message.productCard,
    source_link: message.sourceLink,
    suggestions: message.suggestions,
    email: message.email,
  }));
  return {
    query: messagesAppended.query(handle, JSON.stringify(given), now.toISOString()),
    read: (rows) => {
      const byId = new Map((rows as AppendedRow[]).map((row) => [row.id, row]));
      return given.map(({ id }) => toAppended(handle, byId.get(id)));
    },
  };
}
