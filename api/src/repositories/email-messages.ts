import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { EmailDeliveryStatus, MessageEmail } from 'shared-sdk/schemas';
import { compiledOnce } from '../db/compiled-once';
import { runStatement } from '../db/statements';
import type { Statement } from '../db/statements';
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
  /** Absent: the message was stored with it (a received mail's, by appendMessages). */
  email?: MessageEmail;
  idRow: Insertable<EmailMessageIdsTable> & { messageId: string; conversationId: string };
  /** Written to storage already, or before the transaction commits. */
  files?: NewStoredFile[];
}

/**
 * The statement of recordMails, of one text for any number of mails and files: PostgreSQL plans
 * it once per connection.
 */
const mailsRecorded = compiledOnce((db, mails: string, files: string) => ({
  compile: () =>
    sql`with given as (
      select * from jsonb_to_recordset(${mails}::jsonb) as given
        (workspace_id text, rfc_message_id text, message_id text, conversation_id text,
         direction text, from_address text, subject_key text, created_at timestamptz,
         email jsonb)
    ), with_email as (
      -- Each message found by its id. The planner takes jsonb_to_recordset for a hundred rows,
      -- and would join instead: reading every message of the database to change a few.
      update messages set email = given.email from given
      where messages.id = any(array(select message_id from given where email is not null))
        and given.email is not null and messages.id = given.message_id
    ), with_files as (
      insert into stored_files
        (path, kind, owner_user_id, workspace_id, original_name, content_type, size, width,
         height, content)
      select path, kind, owner_user_id, workspace_id, original_name, content_type, size, width,
        height, decode(content, 'base64')
      from jsonb_to_recordset(${files}::jsonb) as file
        (path text, kind text, owner_user_id text, workspace_id text, original_name text,
         content_type text, size integer, width integer, height integer, content text)
    )
    insert into email_message_ids
      (workspace_id, rfc_message_id, message_id, conversation_id, direction, from_address,
       subject_key, created_at)
    select workspace_id, rfc_message_id, message_id, conversation_id, direction, from_address,
      subject_key, coalesce(created_at, now())
    from given`.compile(db),
}));

/**
 * Mails' messages get what they carry as mails (unless stored with it), their Message-IDs the
 * rows that threads find them by, and their files their stored_files rows, in one statement:
 * every mail received or sent makes these, and each round trip holds the transaction (on
 * PGlite, the only connection) a little longer.
 */
export function recordMails(trx: Kysely<Database>, mails: readonly MailOfMessage[]) {
  return runStatement(trx, recordMailsStatement(trx, mails));
}

/** recordMails's statement, for a caller that sends others with it (sendTogether). */
export function recordMailsStatement(
  trx: Kysely<Database>,
  mails: readonly MailOfMessage[],
): Statement<void> {
  const given = mails.map(({ email, idRow }) => ({
    workspace_id: idRow.workspaceId,
    rfc_message_id: idRow.rfcMessageId,
    message_id: idRow.messageId,
    conversation_id: idRow.conversationId,
    direction: idRow.direction,
    from_address: idRow.fromAddress,
    subject_key: idRow.subjectKey,
    created_at: idRow.createdAt,
    email,
  }));
  const files = mails.flatMap((mail) =>
    (mail.files ?? []).map((file) => ({
      path: file.path,
      kind: file.kind,
      owner_user_id: file.ownerUserId,
      workspace_id: file.workspaceId,
      original_name: file.originalName,
      content_type: file.contentType,
      size: file.size,
      width: file.width,
      height: file.height,
      // JSON carries bytes as text; the statement decodes them.
      content: file.content ? Buffer.from(file.content).toString('base64') : null,
    })),
  );
  return {
    query: mailsRecorded.query(trx, JSON.stringify(given), JSON.stringify(files)),
    // A message stored with its mail details was announced by the statement that stored it.
    read: () => {
      for (const { email, idRow } of mails) {
        if (email) recordEmailChange(trx, idRow.workspaceId, idRow.conversationId, idRow.messageId);
      }
    },
  };
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
