import { sql } from 'kysely';
import type { CompiledQuery, InferResult, Kysely } from 'kysely';
import type { Database } from '../db/schema';
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

/** What storing a received mail needs to know first, read in one statement. */
export interface MailContext {
  /** The conversation of a mail with this Message-ID stored already (a sender's retry). */
  alreadyConversationId: string | null;
  /** The thread the mail replies to. */
  threadConversationId: string | null;
  /** That thread's conversation row, locked until the transaction ends (as lockConversation). */
  thread: ConversationRow | null;
  /** The sender as the workspace's customer, by e-mail address, if they wrote before. */
  customerId: string | null;
  /** The workspace's first chatbot, whose conversations new mail starts. */
  chatbotId: string | null;
}

/**
 * Whether the mail is stored already, the thread it joins (its conversation row, locked), its
 * sender's customer and the chatbot, in one round trip: these decide every mail, and separate
 * reads would be most of the transaction's time (on PGlite, the only connection's).
 *
 * The thread: the newest of the mails its In-Reply-To and References name; else, for a client
 * that dropped those, the sender's latest mail of the same subject within 7 days.
 */
function mailContextSelect(
  db: Kysely<Database>,
  workspaceId: string,
  mail: { messageId: string; threadIds: string[]; fromAddress: string; subjectKey: string },
  now: Date,
) {
  return db
    .selectFrom(
      db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('emailMessageIds')
            .select('conversationId')
            .where('workspaceId', '=', workspaceId)
            .where('rfcMessageId', '=', mail.messageId)
            .limit(1)
            .as('alreadyConversationId'),
          mail.threadIds.length > 0
            ? eb
                .selectFrom('emailMessageIds')
                .select('conversationId')
                .where('workspaceId', '=', workspaceId)
                .where('rfcMessageId', 'in', mail.threadIds)
                .orderBy('createdAt', 'desc')
                .limit(1)
                .as('headerConversationId')
            : sql<string | null>`null`.as('headerConversationId'),
          mail.subjectKey && mail.fromAddress
            ? eb
                .selectFrom('emailMessageIds')
                .select('conversationId')
                .where('workspaceId', '=', workspaceId)
                .where('fromAddress', '=', mail.fromAddress)
                .where('subjectKey', '=', mail.subjectKey)
                .where('direction', '=', 'in')
                .where(
                  'createdAt',
                  '>=',
                  sql<Date>`${now}::timestamptz - ${subjectThreadDays} * interval '1 day'`,
                )
                .orderBy('createdAt', 'desc')
                .limit(1)
                .as('subjectConversationId')
            : sql<string | null>`null`.as('subjectConversationId'),
          eb
            .selectFrom('customers')
            .select('id')
            .where('workspaceId', '=', workspaceId)
            .where(sql<boolean>`lower(email) = ${mail.fromAddress.toLowerCase()}`)
            .where('erasedAt', 'is', null)
            .orderBy('createdAt')
            .orderBy('id')
            .limit(1)
            .as('customerId'),
          eb
            .selectFrom('chatbots')
            .select('id')
            .where('workspaceId', '=', workspaceId)
            .orderBy('createdAt')
            .orderBy('id')
            .limit(1)
            .as('chatbotId'),
        ])
        .as('mail'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('conversations')
          .selectAll()
          .where('workspaceId', '=', workspaceId)
          .where(
            'id',
            '=',
            sql<string>`coalesce(mail.header_conversation_id, mail.subject_conversation_id)`,
          )
          .forUpdate()
          .as('thread'),
      (join) => join.onTrue(),
    )
    .selectAll('thread')
    .select([
      'mail.alreadyConversationId',
      'mail.headerConversationId',
      'mail.subjectConversationId',
      'mail.customerId as senderCustomerId',
      'mail.chatbotId as firstChatbotId',
    ]);
}

type MailContextRow = InferResult<ReturnType<typeof mailContextSelect>>[number];

/**
 * findMailContext's statement, compiled: built before the mail's transaction, so that the
 * building costs the transaction (on PGlite, the only connection) no time.
 */
export const mailContextQuery = (
  ...args: Parameters<typeof mailContextSelect>
): CompiledQuery<MailContextRow> => mailContextSelect(...args).compile();

/** Runs mailContextQuery's statement in the mail's transaction, under the sender's lock. */
export async function findMailContext(
  trx: Kysely<Database>,
  query: CompiledQuery<MailContextRow>,
): Promise<MailContext> {
  const [row] = (await trx.executeQuery(query)).rows;
  if (!row) throw new Error('The mail context statement answered no row');
  const {
    alreadyConversationId,
    headerConversationId,
    subjectConversationId,
    senderCustomerId,
    firstChatbotId,
    ...thread
  } = row;
  return {
    alreadyConversationId: alreadyConversationId ?? null,
    threadConversationId: headerConversationId ?? subjectConversationId ?? null,
    thread: thread.id ? (thread as ConversationRow) : null,
    customerId: senderCustomerId ?? null,
    chatbotId: firstChatbotId ?? null,
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
