import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { signWebhook } from 'shared-sdk/webhook-signature';
import type { InboundMailConfig } from '../config';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { mailAuthFailure } from '../mail/mail-auth';
import type { DnsResolver, MailSession } from '../mail/mail-auth';
import { readMail } from '../mail/read-mail';
import { findInboxByKey } from '../repositories/email-inboxes';
import type { EmailInboxRow } from '../repositories/email-inboxes';
import { announceMail, storeInboundMail } from './inbound-mail';
import { MailRefused } from './mail-placement';
import type { StoredMail } from './mail-placement';
import type { FileStorage } from './storage';

export interface MailReceiving {
  db: Kysely<Database>;
  storage: FileStorage;
  config: InboundMailConfig;
  now: () => Date;
  /** Answers SPF, DKIM and DMARC's DNS questions; the system's resolver when absent. */
  dnsResolver?: DnsResolver;
  /** Told of each mail stored in a new conversation the bot answers first. */
  onStored?: (stored: StoredMail) => void;
}

/** The inbox an address reaches: `<inbox-key>@<domain>`, else undefined (refused at RCPT TO). */
export async function inboxOfAddress(
  receiving: MailReceiving,
  address: string,
): Promise<EmailInboxRow | undefined> {
  const at = address.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  if (domain !== receiving.config.domain) return undefined;
  const key = address.slice(0, at).toLowerCase();
  if (!/^[a-z0-9]{8,64}$/.test(key)) return undefined;
  return findInboxByKey(receiving.db, key);
}

export const tooManyAttachments = (max: number) =>
  new MailRefused(`Too many attachments: a mail may carry at most ${max}`, 552);
export const mailTooBig = (maxBytes: number) =>
  new MailRefused(
    `Message too big: the limit is ${Math.round(maxBytes / (1024 * 1024))} MB a mail`,
    552,
  );

/** Reads a received mail and stores it in each inbox it was sent to, all committed on return. */
export async function receiveMail(
  receiving: MailReceiving,
  inboxes: EmailInboxRow[],
  raw: Buffer,
  session: MailSession,
): Promise<StoredMail[]> {
  const { config } = receiving;
  if (raw.length > config.maxBytes) throw mailTooBig(config.maxBytes);
  const arrived = inboxes.length > 0 ? announceMail(receiving.db) : () => {};
  try {
    // Both before the transaction, side by side: the checks mostly wait on DNS while parsing works.
    const [mail, authFailure] = await Promise.all([
      readMail(raw),
      mailAuthFailure(raw, session, receiving.dnsResolver),
    ]);
    if (mail.attachments.length > config.maxAttachments) {
      throw tooManyAttachments(config.maxAttachments);
    }
    const results: StoredMail[] = [];
    for (const inbox of inboxes) {
      const stored = await storeInboundMail(
        receiving.db,
        receiving.storage,
        inbox,
        mail,
        authFailure,
        receiving.now(),
        arrived,
      );
      results.push(stored);
      if (stored.botShouldAnswer) receiving.onStored?.(stored);
    }
    return results;
  } finally {
    arrived();
  }
}

/** How far a posted mail's timestamp may be from the server's clock. */
const toleranceSeconds = 300;

/**
 * POST /api/inbound-mail/<inbox-key>: a mail a host received for the workspace, signed with the
 * inbox's secret as webhooks are (X-Parley-Timestamp, X-Parley-Signature: sha256 HMAC of
 * "<timestamp>.<raw mail>"). 404 for an unknown inbox, 401 for a bad or stale signature.
 */
export async function receivePostedMail(
  receiving: MailReceiving,
  call: { inboxKey: string; timestamp: string | undefined; signature: string | undefined },
  raw: Buffer,
): Promise<StoredMail> {
  const inbox = /^[a-z0-9]{8,64}$/.test(call.inboxKey)
    ? await findInboxByKey(receiving.db, call.inboxKey)
    : undefined;
  if (!inbox) throw new HttpError(404, `No inbox ${call.inboxKey}`);
  const timestamp = Number(call.timestamp);
  if (!call.timestamp || !/^\d{1,12}$/.test(call.timestamp) || !call.signature) {
    throw new HttpError(401, 'The X-Parley-Timestamp or X-Parley-Signature header is missing');
  }
  const expected = Buffer.from(signWebhook(inbox.secret, timestamp, raw));
  const received = Buffer.from(call.signature);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) {
    throw new HttpError(401, 'The signature does not match');
  }
  if (Math.abs(receiving.now().getTime() / 1000 - timestamp) > toleranceSeconds) {
    throw new HttpError(401, 'The timestamp is too old or in the future');
  }
  if (raw.length === 0) throw new HttpError(400, 'The mail is empty');
  try {
    const [stored] = await receiveMail(receiving, [inbox], raw, {});
    return stored!;
  } catch (err) {
    if (err instanceof MailRefused) {
      throw new HttpError(err.smtpCode === 552 ? 413 : 400, err.message);
    }
    throw err;
  }
}
