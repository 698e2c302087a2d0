import type { Kysely } from 'kysely';
import type { CreateTicketRequest, Ticket, UpdateTicketRequest } from 'shared-sdk';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findConversation } from '../repositories/conversations';
import {
  findTicket,
  insertTicket,
  resolveTickets,
  setTicketsFollowedUp,
  updateTickets,
  type TicketSelection,
} from '../repositories/tickets';
import { findMembership } from '../repositories/workspace-users';
import { emitWebhookEvent, writeAndTell } from './webhook-events';

// The tickets rules (product-spec.md §3, §7) over the repository, after the caller was checked; each runs
// inside the caller's write transaction but createTicket, which writes by itself.

const ticketNotFound = (ticketId: string) => new HttpError(404, `Ticket ${ticketId} not found`);

/** product-spec.md §3: a ticket is assigned to nobody or to an active member of its workspace. */
async function requireAssignee(
  db: Kysely<Database>,
  workspaceId: string,
  assigneeId: string | null,
): Promise<void> {
  if (assigneeId === null) return;
  const link = await findMembership(db, workspaceId, assigneeId);
  if (link?.status !== 'active') {
    throw new HttpError(400, 'The assignee is not a member of this workspace');
  }
}

/**
 * product-spec.md §7 POST /api/user/tickets. The checks read; the ticket (and its count) is one statement,
 * on its own unless a webhook waits for new tickets (writeAndTell).
 */
export async function createTicket(
  db: Kysely<Database>,
  request: CreateTicketRequest,
  now: Date,
): Promise<Ticket> {
  await requireAssignee(db, request.workspaceId, request.assigneeId);
  // Another workspace's conversation is "not found", as if it did not exist.
  if (
    request.type === 'external' &&
    !(await findConversation(db, request.workspaceId, request.conversationId))
  ) {
    throw new HttpError(404, `Conversation ${request.conversationId} not found`);
  }
  const ticket = await writeAndTell(
    db,
    request.workspaceId,
    'ticket.created',
    now,
    (handle) => insertTicket(handle, request, now),
    (created) => ({ ticket: created }),
  );
  return ticket!;
}

/**
 * product-spec.md §4 resolve: closes the selected open tickets. One `ticket.resolved` event for the whole
 * call: the ids when they were picked, only the count (and the filter) when a filter chose them.
 * Returns how many were closed.
 */
export async function resolveSelectedTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  selection: TicketSelection,
  now: Date,
): Promise<number> {
  const { count, ids } = await resolveTickets(trx, workspaceId, selection, now);
  if (count > 0) {
    const where = 'where' in selection ? (selection.where ?? null) : null;
    await emitWebhookEvent(
      trx,
      workspaceId,
      'ticket.resolved',
      { ticketIds: ids, where, count },
      now,
    );
  }
  return count;
}

export async function assignTicket(
  trx: Kysely<Database>,
  { workspaceId, ticketId, assigneeId }: UpdateTicketRequest,
  now: Date,
): Promise<Ticket> {
  if (!(await findTicket(trx, workspaceId, ticketId))) throw ticketNotFound(ticketId);
  await requireAssignee(trx, workspaceId, assigneeId);
  const [ticket] = await updateTickets(trx, workspaceId, [ticketId], { assigneeId }, now);
  if (!ticket) throw ticketNotFound(ticketId);
  return ticket;
}

/** The selected tickets (by id, or those a filter finds) marked followed up, or not. */
export function followUpTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  selection: TicketSelection,
  isFollowedUp: boolean,
  now: Date,
): Promise<number> {
  return setTicketsFollowedUp(trx, workspaceId, selection, isFollowedUp, now);
}
