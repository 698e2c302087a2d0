import escapeHtml from 'escape-html';
import type { Kysely } from 'kysely';
import { dashboardPaths, type Ticket } from 'shared-sdk';
import type { Database } from '../db/schema';
import { readThroughCache } from '../live/change-cache';
import type { MailMessage } from '../plugins/app/mailer';

/** Each workspace's name and forwarding address, read by every ticket created. */
const forwarding = { name: 'ticket-forwarding', collections: ['workspaces'] } as const;

/**
 * The e-mail that tells the workspace's ticket forwarding address of a new ticket, or null
 * when the workspace forwards nothing. Read in the ticket's transaction and sent by the caller
 * after the commit, so a ticket that was rolled back is never announced.
 */
export async function ticketForwardingMail(
  trx: Kysely<Database>,
  ticket: Ticket,
  publicUrl: string,
): Promise<MailMessage | null> {
  const workspace = await readThroughCache(trx, forwarding, ticket.workspaceId, '', async () => {
    return (
      (await trx
        .selectFrom('workspaces')
        .select(['name', 'ticketForwardingEmail'])
        .where('id', '=', ticket.workspaceId)
        .executeTakeFirst()) ?? null
    );
  });
  if (!workspace?.ticketForwardingEmail) return null;

  const link =
    publicUrl +
    dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
      workspaceId: ticket.workspaceId,
      ticketId: ticket.id,
    });
  const title =
    ticket.type === 'internal' ? (ticket.subject ?? 'Untitled') : 'From a customer conversation';
  const recipient = ticket.recipientInfo;
  const about = recipient
    ? [`${recipient.firstName} ${recipient.lastName}`.trim(), recipient.email]
        .filter(Boolean)
        .join(', ')
    : '';
  const lines = [
    `A ticket was opened in ${workspace.name}: ${title}`,
    ...(about ? [`For: ${about}`] : []),
    '',
    `Open it in Parley: ${link}`,
  ];
  return {
    to: workspace.ticketForwardingEmail,
    subject: `New ticket in ${workspace.name}: ${title}`,
    text: lines.join('\n'),
    html: [
      `<p>A ticket was opened in ${escapeHtml(workspace.name)}: <strong>${escapeHtml(title)}</strong></p>`,
      ...(about ? [`<p>For: ${escapeHtml(about)}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">Open it in Parley</a></p>`,
    ].join('\n'),
  };
}
