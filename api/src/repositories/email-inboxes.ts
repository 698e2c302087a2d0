import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailInboxesTable } from '../db/schema';

export type EmailInboxRow = Selectable<EmailInboxesTable>;

/** A workspace's inbox by the key of its address; undefined for an address nobody has. */
export function findInboxByKey(
  db: Kysely<Database>,
  inboxKey: string,
): Promise<EmailInboxRow | undefined> {
  return db
    .selectFrom('emailInboxes')
    .selectAll()
    .where('inboxKey', '=', inboxKey)
    .executeTakeFirst();
}

export function findInbox(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<EmailInboxRow | undefined> {
  return db
    .selectFrom('emailInboxes')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * The workspace's inbox, made now if it has none: a key of 16 random letters and digits (the
 * address is not guessable, so strangers cannot write into a workspace's inbox) and a secret
 * for the mails a host posts over HTTP. Two first visits at once make one.
 */
export async function ensureInbox(
  trx: Kysely<Database>,
  workspaceId: string,
): Promise<EmailInboxRow> {
  await trx
    .insertInto('emailInboxes')
    .values({
      workspaceId,
      inboxKey: randomBytes(10).toString('hex').slice(0, 16),
      secret: randomBytes(32).toString('base64url'),
      senderName: null,
      senderAddress: null,
    })
    .onConflict((conflict) => conflict.column('workspaceId').doNothing())
    .execute();
  const row = await findInbox(trx, workspaceId);
  if (!row) throw new Error(`The inbox of workspace ${workspaceId} cannot be read back`);
  return row;
}

export interface InboxSettings {
  senderName: string | null;
  senderAddress: string | null;
  signature: string;
  botAnswersFirst: boolean;
}

export async function updateInbox(
  trx: Kysely<Database>,
  workspaceId: string,
  settings: Partial<InboxSettings>,
  now: Date,
): Promise<EmailInboxRow> {
  return trx
    .updateTable('emailInboxes')
    .set({ ...settings, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
