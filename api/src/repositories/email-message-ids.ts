import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailMessageIdsTable } from '../db/schema';

/** How long a mail without threading headers joins its sender's thread of the same subject. */
const subjectThreadDays = 7;

export async function insertEmailMessageId(
  trx: Kysely<Database>,
  row: Insertable<EmailMessageIdsTable>,
): Promise<void> {
  await trx.insertInto('emailMessageIds').values(row).execute();
}

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

/**
 * The conversation a reply belongs to: the newest of the mails its In-Reply-To and References
 * name; else, for a client that dropped those, the sender's latest mail of the same subject
 * within 7 days.
 */
export async function findThreadConversationId(
  db: Kysely<Database>,
  workspaceId: string,
  mail: { threadIds: string[]; fromAddress: string; subjectKey: string },
  now: Date,
): Promise<string | undefined> {
  if (mail.threadIds.length > 0) {
    const byHeaders = await db
      .selectFrom('emailMessageIds')
      .select('conversationId')
      .where('workspaceId', '=', workspaceId)
      .where('rfcMessageId', 'in', mail.threadIds)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (byHeaders) return byHeaders.conversationId;
  }
  if (!mail.subjectKey || !mail.fromAddress) return undefined;
  const bySubject = await db
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
    .executeTakeFirst();
  return bySubject?.conversationId;
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
