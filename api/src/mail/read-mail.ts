import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { MessageEmail } from 'shared-sdk/schemas';
import { contentIdOf, sanitizeMailHtml } from './sanitize-mail-html';

/** What the inbox keeps of a received mail. */
export interface ReceivedMail {
  /** The Message-ID, angle brackets off; a digest of the mail when it has none. */
  messageId: string;
  /** In-Reply-To and References, the thread's earlier mails, newest last. */
  threadIds: string[];
  fromAddress: string;
  fromName: string;
  to: string;
  subject: string;
  /** The subject without Re:/Fwd: prefixes, lower case: how a thread is found without headers. */
  subjectKey: string;
  text: string;
  /** Sanitized: safe to show to an agent. */
  html: string | null;
  automatic: MessageEmail['automatic'];
  /** `contentId`: the part's Content-ID (contentIdOf), which the HTML's `cid:` images name. */
  attachments: { fileName: string; content: Buffer; contentId: string | null }[];
  /** A delivery-status report's Message-ID of the mail it returns. */
  bouncedMessageId: string | null;
}

/** Longest text kept as the message's content (a mail's quoted history can be long). */
const maxTextLength = 100_000;

const withoutBrackets = (id: string) => id.trim().replace(/^<|>$/g, '');

/** `<a@b> <c@d>` or an array of them, as bare ids. */
function messageIds(value: string | string[] | undefined): string[] {
  const all = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return (all.match(/<[^<>\s]+>/g) ?? []).map(withoutBrackets);
}

const replyPrefix = /^\s*((re|fwd?|aw|wg|sv|vs|tr)(\[\d+\])?\s*:\s*)+/i;

export function subjectKeyOf(subject: string): string {
  return subject.replace(replyPrefix, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

function firstAddress(field: AddressObject | AddressObject[] | undefined) {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  for (const object of objects) {
    for (const entry of object.value) {
      if (entry.address) return { address: entry.address.toLowerCase(), name: entry.name ?? '' };
    }
  }
  return undefined;
}

function addressText(field: AddressObject | AddressObject[] | undefined): string {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.map((object) => object.text).join(', ');
}

const header = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value : value === undefined ? '' : String(value);
};

/**
 * Why a mail must never be answered automatically (RFC 3834 Auto-Submitted, Precedence bulk or
 * list or junk, a delivery-status report), or null.
 */
function automaticKind(mail: ParsedMail): MessageEmail['automatic'] {
  const contentType = mail.headers.get('content-type');
  const report =
    typeof contentType === 'object' && contentType !== null && 'params' in contentType
      ? (contentType as { value: string; params: Record<string, string> })
      : undefined;
  if (report?.value === 'multipart/report' && report.params['report-type'] === 'delivery-status') {
    return 'bounce';
  }
  if (mail.attachments.some((part) => part.contentType === 'message/delivery-status')) {
    return 'bounce';
  }
  const autoSubmitted = header(mail, 'auto-submitted').toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto-reply';
  if (/^(bulk|list|junk|auto_reply)$/i.test(header(mail, 'precedence').trim())) return 'bulk';
  if (header(mail, 'x-autoreply') || header(mail, 'x-autorespond')) return 'auto-reply';
  return null;
}

/** The Message-ID of the mail a bounce returns: in its attached original or its headers. */
function bouncedId(mail: ParsedMail): string | null {
  for (const part of mail.attachments) {
    if (part.contentType === 'message/rfc822' || part.contentType === 'text/rfc822-headers') {
      const match = /^message-id:\s*(<[^>]+>)/im.exec(part.content.toString('utf8'));
      if (match?.[1]) return withoutBrackets(match[1]);
    }
  }
  const [original] = messageIds(mail.inReplyTo);
  return original ?? null;
}

/** A mail as received (RFC 5322 bytes), read for the inbox. */
export async function readMail(raw: Buffer): Promise<ReceivedMail> {
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const from = firstAddress(mail.from) ?? firstAddress(mail.replyTo);
  const subject = (mail.subject ?? '').trim();
  const automatic = automaticKind(mail);
  const text = (mail.text ?? '').trim() || (mail.html ? htmlText(mail.html) : '');
  return {
    messageId: mail.messageId
      ? withoutBrackets(mail.messageId)
      : `${createHash('sha256').update(raw).digest('hex')}@parley.invalid`,
    threadIds: [...new Set([...messageIds(mail.references), ...messageIds(mail.inReplyTo)])],
    fromAddress: from?.address ?? '',
    fromName: from?.name ?? '',
    to: addressText(mail.to),
    subject,
    subjectKey: subjectKeyOf(subject),
    text: text.slice(0, maxTextLength),
    html: mail.html ? sanitizeMailHtml(mail.html) : null,
    automatic,
    // A bounce's report parts are what it says, not files the customer sent.
    attachments: mail.attachments
      .filter(
        (part) =>
          automatic !== 'bounce' ||
          !/^(message\/(delivery-status|rfc822)|text\/rfc822-headers)$/.test(part.contentType),
      )
      .map((part, index) => ({
        fileName: part.filename?.trim() || `attachment-${index + 1}`,
        content: part.content,
        contentId: part.contentId ? contentIdOf(part.contentId) : null,
      })),
    bouncedMessageId: automatic === 'bounce' ? bouncedId(mail) : null,
  };
}

/** An HTML-only mail's words, for the message's text (search, previews, the bot). */
function htmlText(html: string): string {
  return sanitizeMailHtml(html, { textOnly: true })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}
