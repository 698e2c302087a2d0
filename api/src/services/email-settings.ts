import type { Kysely } from 'kysely';
import type { EmailSettings, UpdateEmailSettingsRequest } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { ensureInbox, updateInbox } from '../repositories/email-inboxes';
import type { EmailInboxRow } from '../repositories/email-inboxes';

export const inboxAddress = (inbox: Pick<EmailInboxRow, 'inboxKey'>, domain: string) =>
  `${inbox.inboxKey}@${domain}`;

function toEmailSettings(inbox: EmailInboxRow, domain: string): EmailSettings {
  return {
    workspaceId: inbox.workspaceId,
    inboxAddress: inboxAddress(inbox, domain),
    inboxSecret: inbox.secret,
    senderName: inbox.senderName,
    senderAddress: inbox.senderAddress,
    signature: inbox.signature,
    botAnswersFirst: inbox.botAnswersFirst,
  };
}

/** GET /api/user/email-settings: the inbox is made on the first visit (its address with it). */
export async function readEmailSettings(
  trx: Kysely<Database>,
  workspaceId: string,
  domain: string,
): Promise<EmailSettings> {
  return toEmailSettings(await ensureInbox(trx, workspaceId), domain);
}

/** PATCH /api/user/email-settings: an empty sender address goes back to the inbox address. */
export async function changeEmailSettings(
  trx: Kysely<Database>,
  { workspaceId, ...change }: UpdateEmailSettingsRequest,
  domain: string,
  now: Date,
): Promise<EmailSettings> {
  await ensureInbox(trx, workspaceId);
  const row = await updateInbox(
    trx,
    workspaceId,
    {
      ...(change.senderName !== undefined ? { senderName: change.senderName || null } : {}),
      ...(change.senderAddress !== undefined
        ? { senderAddress: change.senderAddress?.toLowerCase() || null }
        : {}),
      ...(change.signature !== undefined ? { signature: change.signature } : {}),
      ...(change.botAnswersFirst !== undefined ? { botAnswersFirst: change.botAnswersFirst } : {}),
    },
    now,
  );
  return toEmailSettings(row, domain);
}
