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

/** What storing a received mail needs to know first, read in one statement with the others'. */
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

/** What mailContextSelect reads for one mail. */
export interface MailToPlace {
  workspaceId: string;
  mail: { messageId: string; threadIds: string[]; fromAddress: string; subjectKey: string };
  now: Date;
}

type MailContextRow = InferResult<ReturnType<typeof mailContextSelect>>[number] & {
  groupIndex: number;
};

/**
 * findMailContexts's statement for these mails, compiled: built before the mails' transaction,
 * so that the building costs the transaction (on PGlite, the only connection) no time. Each
 * mail's select, numbered, one after another (`union all`): one round trip for all of them.
 */
export function mailContextsQuery(
  db: Kysely<Database>,
  mails: MailToPlace[],
): CompiledQuery<MailContextRow> {
  const [first, ...rest] = mails.map(({ workspaceId, mail, now }, index) =>
    mailContextSelect(db, workspaceId, mail, now).select(sql.lit(index).as('groupIndex')),
  );
  if (!first) throw new Error('No mail to read the context of');
  return rest.reduce((union, next) => union.unionAll(next), first).compile();
}

/**
 * Runs mailContextsQuery's statement in the mails' transaction, under their senders' locks: each
 * mail's context, in the order they were given.
 */
export async function findMailContexts(
  trx: Kysely<Database>,
  query: CompiledQuery<MailContextRow>,
  count: number,
): Promise<MailContext[]> {
  const contexts: MailContext[] = [];
  for (const row of (await trx.executeQuery(query)).rows) {
    const {
      groupIndex,
      alreadyConversationId,
      headerConversationId,
      subjectConversationId,
      senderCustomerId,
      firstChatbotId,
      ...thread
    } = row;
    contexts[Number(groupIndex)] = {
      alreadyConversationId: alreadyConversationId ?? null,
      threadConversationId: headerConversationId ?? subjectConversationId ?? null,
      thread: thread.id ? (thread as ConversationRow) : null,
      customerId: senderCustomerId ?? null,
      chatbotId: firstChatbotId ?? null,
    };
  }
  if (contexts.filter(Boolean).length !== count) {
    throw new Error('The mail context statement did not answer a row per mail');
  }
  return contexts;
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
