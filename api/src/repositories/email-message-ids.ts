import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import type { Statement } from '../db/statements';
import type { ConversationRow } from './conversations';

/** How long a mail without threading headers joins its sender's thread of the same subject. */
const subjectThreadDays = 7;

/** The mail of the workspace with this Message-ID, if one was received or sent. */
export function findEmailMessageId(
  db: Kysely<Database>,
  workspaceId: string,
  rfcMessageId: string,
) {
  return db
    .selectFrom('emailMessageIds')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('rfcMessageId', '=', rfcMessageId)
    .executeTakeFirst();
}

/** What storing a received mail needs to know first, read in one statement with the others'. */
export interface MailContext {
  /** The conversation of a mail with this Message-ID stored already (a sender's retry). */
  alreadyConversationId: string | null;
  /** The thread the mail replies to. */
  threadConversationId: string | null;
  /**
   * What decides that thread's mail, its row locked until the transaction ends (as
   * lockConversation); the rest of the row is read only to reopen it.
   */
  thread: MailThread | null;
  /** The sender as the workspace's customer, by e-mail address, if they wrote before. */
  customerId: string | null;
  /** The workspace's first chatbot, whose conversations new mail starts. */
  chatbotId: string | null;
}

/** What a mail's thread is read for: where its message goes, and whether it is resolved. */
export type MailThread = Pick<ConversationRow, 'id' | 'status'>;

/** What the context statement reads for one mail. */
export interface MailToPlace {
  workspaceId: string;
  mail: { messageId: string; threadIds: string[]; fromAddress: string; subjectKey: string };
  now: Date;
}

interface MailContextRow {
  threadId: string | null;
  threadStatus: ConversationRow['status'] | null;
  groupIndex: number;
  alreadyConversationId: string | null;
  headerConversationId: string | null;
  subjectConversationId: string | null;
  senderCustomerId: string | null;
  firstChatbotId: string | null;
}

/**
 * For each mail `given` (numbered by `group_index`): whether it is stored already, the thread it
 * joins (its id and status, the row locked), its sender's customer and the workspace's first chatbot,
 * all in one round trip: these decide every mail, and separate reads would be most of the
 * transaction's time (on PGlite, the only connection's). One statement of fixed text for any
 * number of mails, so PostgreSQL plans it once per connection, not for every group; `mail` is
 * materialized so that the thread's lookups run once, not again where the thread's row is read.
 *
 * The thread: the newest of the mails its In-Reply-To and References name; else, for a client
 * that dropped those, the sender's latest mail of the same subject since `since` (7 days back).
 * Each header's mail is looked up by its whole key, one index probe (`limit 1` keeps the planner
 * from joining instead, which read all the workspace's mails when it misjudged their number).
 */
const mailContexts = compiledOnce((db, given: string) => ({
  compile: () =>
    sql<MailContextRow>`with given as (
      select * from jsonb_to_recordset(${given}::jsonb) as given
        (group_index int, workspace_id text, message_id text, thread_ids text[],
         from_address text, subject_key text, since timestamptz)
    ), mail as materialized (
      select given.group_index, given.workspace_id,
        (select conversation_id from email_message_ids
          where workspace_id = given.workspace_id and rfc_message_id = given.message_id
          limit 1) as already_conversation_id,
        (select named.conversation_id from unnest(given.thread_ids) as thread_id
          cross join lateral (select conversation_id, created_at from email_message_ids
            where workspace_id = given.workspace_id and rfc_message_id = thread_id
            limit 1) named
          order by named.created_at desc limit 1) as header_conversation_id,
        (select conversation_id from email_message_ids
          where given.subject_key <> '' and given.from_address <> ''
            and workspace_id = given.workspace_id and from_address = given.from_address
            and subject_key = given.subject_key and direction = 'in'
            and created_at >= given.since
          order by created_at desc limit 1) as subject_conversation_id,
        (select id from customers
          where workspace_id = given.workspace_id and lower(email) = given.from_address
            and erased_at is null
          order by created_at, id limit 1) as sender_customer_id,
        (select id from chatbots where workspace_id = given.workspace_id
          order by created_at, id limit 1) as first_chatbot_id
      from given
    )
    select thread.id as thread_id, thread.status as thread_status, mail.group_index,
      mail.already_conversation_id,
      mail.header_conversation_id, mail.subject_conversation_id, mail.sender_customer_id,
      mail.first_chatbot_id
    from mail left join lateral (
      select id, status from conversations
      where workspace_id = mail.workspace_id
        and id = coalesce(mail.header_conversation_id, mail.subject_conversation_id)
      for update
    ) thread on true`.compile(db),
}));

/** The statement of each mail's context (mailContexts), in the order given. */
export function mailContextsStatement(
  trx: Kysely<Database>,
  mails: MailToPlace[],
): Statement<MailContext[]> {
  const given = mails.map(({ workspaceId, mail, now }, index) => ({
    group_index: index,
    workspace_id: workspaceId,
    message_id: mail.messageId,
    thread_ids: mail.threadIds,
    from_address: mail.fromAddress.toLowerCase(),
    subject_key: mail.subjectKey,
    since: new Date(now.getTime() - subjectThreadDays * 24 * 60 * 60 * 1000).toISOString(),
  }));
  return {
    query: mailContexts.query(trx, JSON.stringify(given)),
    read: (rows) => {
      const contexts: MailContext[] = [];
      for (const row of rows as MailContextRow[]) {
        const {
          groupIndex,
          alreadyConversationId,
          headerConversationId,
          subjectConversationId,
          senderCustomerId,
          firstChatbotId,
          threadId,
          threadStatus,
        } = row;
        contexts[Number(groupIndex)] = {
          alreadyConversationId: alreadyConversationId ?? null,
          threadConversationId: headerConversationId ?? subjectConversationId ?? null,
          thread: threadId && threadStatus ? { id: threadId, status: threadStatus } : null,
          customerId: senderCustomerId ?? null,
          chatbotId: firstChatbotId ?? null,
        };
      }
      if (contexts.filter(Boolean).length !== mails.length) {
        throw new Error('The mail context statement did not answer a row per mail');
      }
      return contexts;
    },
  };
}

/** The mails of a conversation, oldest first: a reply's References. */
export async function conversationMessageIds(
  db: Kysely<Database>,
  conversationId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('emailMessageIds')
    .select('rfcMessageId')
    .where('conversationId', '=', conversationId)
    .orderBy('createdAt')
    .execute();
  return rows.map((row) => row.rfcMessageId);
}
