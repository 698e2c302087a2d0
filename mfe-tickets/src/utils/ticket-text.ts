import type { TFunction } from 'i18next';
import type { Conversation, Ticket } from 'shared-sdk/schemas';
import type { Member } from '../api/tickets-api';

const joinName = (firstName: string | undefined, lastName: string | undefined) =>
  [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');

/** The linked conversation, when the ticket is external and the conversation is loaded. */
export type LinkedConversation = Pick<Conversation, 'id' | 'subject' | 'customer'>;

/**
 * product-spec.md §3: the ticket's subject; else 'Ticket {id}' for an internal ticket, and for an external
 * one its conversation's subject, else 'Conversation {conversationId}'.
 */
export function ticketSubject(
  t: TFunction<'tickets'>,
  ticket: Pick<Ticket, 'id' | 'type' | 'subject' | 'conversationId'>,
  conversation?: LinkedConversation,
): string {
  const subject = ticket.subject?.trim();
  if (subject) return subject;
  if (ticket.type === 'external') {
    const conversationSubject = conversation?.subject?.trim();
    if (conversationSubject) return conversationSubject;
    return t('fallback.conversation', { id: ticket.conversationId ?? ticket.id });
  }
  return t('fallback.ticket', { id: ticket.id });
}

/**
 * Who the ticket is for: the internal ticket's recipient, or the linked conversation's customer;
 * product-spec.md §3 'Anonymous User' when they have no name. Undefined while the conversation is unknown.
 */
export function ticketRecipient(
  t: TFunction<'tickets'>,
  ticket: Pick<Ticket, 'type' | 'recipientInfo'>,
  conversation?: LinkedConversation,
): string | undefined {
  if (ticket.type === 'external' && !conversation) return undefined;
  const person = ticket.type === 'internal' ? ticket.recipientInfo : conversation?.customer;
  return joinName(person?.firstName, person?.lastName) || t('fallback.anonymous');
}

/** The recipient's e-mail address, when there is one. */
export function ticketRecipientEmail(
  ticket: Pick<Ticket, 'type' | 'recipientInfo'>,
  conversation?: LinkedConversation,
): string | undefined {
  const email =
    ticket.type === 'internal' ? ticket.recipientInfo?.email : conversation?.customer.email;
  return email?.trim() || undefined;
}

/** A member's name as people read it; the e-mail address when the name is blank. */
export const memberName = (member: Member) =>
  joinName(member.firstName, member.lastName) || member.email;

/** The assignee's name: unassigned, a member, or someone who is no longer a member. */
export function assigneeName(
  t: TFunction<'tickets'>,
  assigneeId: string | null,
  members: readonly Member[] | undefined,
): string {
  if (!assigneeId) return t('assignee.none');
  if (!members) return '…';
  const member = members.find((candidate) => candidate.userId === assigneeId);
  return member ? memberName(member) : t('assignee.former');
}
