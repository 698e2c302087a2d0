import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { EmailDeliveryStatus, MessageEmail } from 'shared-sdk/schemas';
import type { Database, EmailMessageIdsTable } from '../db/schema';
import { recordMessageChange, toMessage } from './messages';
import type { NewStoredFile } from './stored-files';
import type { MessageRow } from './messages';

/** A mail's details changed on its message: the message lists hear of it, not the conversation's. */
const recordEmailChange = (
  trx: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
  messageId: string,
) => recordMessageChange(trx, workspaceId, conversationId, messageId, { conversation: false });

/** Sets what the message carries as a mail (MessageEmail), in its transaction. */
export async function setMessageEmail(
  trx: Kysely<Database>,
  workspaceId: string,
  conversationId: string,
  messageId: string,
  email: MessageEmail,
): Promise<void> {
  await trx
    .updateTable('messages')
    .set({ email: JSON.stringify(email) })
    .where('id', '=', messageId)
    .execute();
  recordEmailChange(trx, workspaceId, conversationId, messageId);
}

/** A mail's message: what it carries as a mail, its Message-ID's row, and its files' rows. */
export interface MailOfMessage {
  email: MessageEmail;
  idRow: Insertable<EmailMessageIdsTable> & { messageId: string; conversationId: string };
  /** Written to storage already. */
  files?: NewStoredFile[];
}

/**
 * Mails' messages get what they carry as mails, their Message-IDs the rows that threads find
 * them by, and their files their stored_files rows, in one statement: every mail received or
 * sent makes these, and each round trip holds the transaction (on PGlite, the only connection)
 * a little longer.
 */
export async function setMessagesEmailAndIds(
  trx: Kysely<Database>,
  mails: readonly MailOfMessage[],
): Promise<void> {
  const emails = Object.fromEntries(mails.map(({ email, idRow }) => [idRow.messageId, email]));
  const withEmail = trx.with('withEmail', (db) =>
    db
      .updateTable('messages')
      .set({ email: sql`${JSON.stringify(emails)}::jsonb -> messages.id` })
      .where(
        'id',
        'in',
        mails.map(({ idRow }) => idRow.messageId),
      )
      .returning('id'),
  );
  const files = mails.flatMap((mail) => mail.files ?? []);
  await (
    files.length > 0
      ? withEmail
          .with('withFiles', (db) => db.insertInto('storedFiles').values(files).returning('path'))
          .insertInto('emailMessageIds')
      : withEmail.insertInto('emailMessageIds')
  )
    .values(mails.map(({ idRow }) => idRow))
    .execute();
  for (const { idRow } of mails) {
    recordEmailChange(trx, idRow.workspaceId, idRow.conversationId, idRow.messageId);
  }
}

/** The message, locked: one send of a reply at a time. */
export function lockMessage(
  trx: Kysely<Database>,
  workspaceId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  return trx
    .selectFrom('messages')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', messageId)
    .forUpdate()
    .executeTakeFirst();
}

/** A sent mail's delivery, as the inbox shows it beside the reply. */
export async function setDelivery(
  trx: Kysely<Database>,
  row: MessageRow,
  delivery: { status: EmailDeliveryStatus; error: string | null; attempts: number },
) {
  if (!row.email) return;
  await setMessageEmail(trx, row.workspaceId, row.conversationId, row.id, {
    ...row.email,
    delivery,
  });
}

/**
 * A bounce of a mail sent from the inbox: that reply is marked failed with the reason. Returns
 * its conversation, or undefined when the returned mail is not one of the workspace's.
 */
export async function markSentMailFailed(
  trx: Kysely<Database>,
  workspaceId: string,
  rfcMessageId: string,
  reason: string,
): Promise<{ conversationId: string } | undefined> {
  const sent = await trx
    .selectFrom('emailMessageIds')
    .select(['messageId', 'conversationId'])
    .where('workspaceId', '=', workspaceId)
    .where('rfcMessageId', '=', rfcMessageId)
    .where('direction', '=', 'out')
    .executeTakeFirst();
  if (!sent) return undefined;
  const row = await lockMessage(trx, workspaceId, sent.messageId);
  if (!row?.email) return undefined;
  await setDelivery(trx, row, {
    status: 'failed',
    error: reason.slice(0, 500),
    attempts: row.email.delivery?.attempts ?? 1,
  });
  return { conversationId: sent.conversationId };
}

/** The conversation's messages, oldest first: a reply quotes them. */
export async function conversationHistory(db: Kysely<Database>, conversationId: string) {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversationId', '=', conversationId)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  return rows.map(toMessage);
}
