import type { Kysely, Selectable } from 'kysely';
import { randomId } from '../db/random-id';
import type { Database, TicketsTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { adjustTicketCounts } from './statistics';

export type TicketType = TicketsTable['type'];
export type TicketStatus = TicketsTable['status'];
export type TicketRow = Selectable<TicketsTable>;

/**
 * spec §3 ticket as clients read it (the live `tickets` collection). The tickets issue moves
 * this shape into shared-sdk with the HTTP calls' schemas.
 */
export type Ticket = {
  id: string;
  type: TicketType;
  assigneeId: string | null;
  status: TicketStatus;
  isFollowedUp: boolean;
  /** Internal tickets. */
  subject: string | null;
  /** Internal tickets: any JSON value. */
  recipientInfo: unknown;
  /** External tickets. */
  conversationId: string | null;
  createdAt: string;
  updatedAt: string;
};

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    type: row.type,
    assigneeId: row.assigneeId,
    status: row.status,
    isFollowedUp: row.isFollowedUp,
    subject: row.subject,
    recipientInfo: row.recipientInfo ?? null,
    conversationId: row.conversationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

interface NewTicketCommon {
  workspaceId: string;
  assigneeId: string | null;
  status?: TicketStatus;
  isFollowedUp?: boolean;
}

export type NewTicket =
  | (NewTicketCommon & { type: 'internal'; subject: string | null; recipientInfo?: unknown })
  | (NewTicketCommon & { type: 'external'; conversationId: string | null });

export interface TicketUpdate {
  status?: TicketStatus;
  isFollowedUp?: boolean;
  assigneeId?: string | null;
  /** Internal tickets only (the table refuses it on an external one). */
  subject?: string | null;
  recipientInfo?: unknown;
}

/** Counter deltas of tickets leaving one status and entering another. */
function countDelta(removed: TicketStatus[], added: TicketStatus[]) {
  const delta = { open: 0, closed: 0 };
  for (const status of removed) delta[status] -= 1;
  for (const status of added) delta[status] += 1;
  return delta;
}

const jsonValue = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/**
 * Creates a ticket and counts it in the workspace's statistics, in the caller's write
 * transaction (writeTransaction), so the list and the counters change together.
 */
export async function insertTicket(
  trx: Kysely<Database>,
  ticket: NewTicket,
  now: Date,
): Promise<Ticket> {
  const status = ticket.status ?? 'open';
  const row = await trx
    .insertInto('tickets')
    .values({
      id: randomId(),
      workspaceId: ticket.workspaceId,
      type: ticket.type,
      assigneeId: ticket.assigneeId,
      status,
      isFollowedUp: ticket.isFollowedUp ?? false,
      subject: ticket.type === 'internal' ? ticket.subject : null,
      recipientInfo: ticket.type === 'internal' ? (jsonValue(ticket.recipientInfo) ?? null) : null,
      conversationId: ticket.type === 'external' ? ticket.conversationId : null,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await adjustTicketCounts(trx, ticket.workspaceId, countDelta([], [status]), now);
  recordChange(trx, { collection: 'tickets', workspaceId: ticket.workspaceId, ids: [row.id] });
  return toTicket(row);
}

/**
 * Changes the workspace's tickets `ids` (ids of other workspaces are ignored) and moves them
 * between the open and closed counters. The rows are locked first: two resolutions of one
 * ticket at once count it once. Returns the tickets as changed.
 */
export async function updateTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  ids: string[],
  update: TicketUpdate,
  now: Date,
): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const before = await trx
    .selectFrom('tickets')
    .select(['id', 'status'])
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  if (before.length === 0) return [];
  const rows = await trx
    .updateTable('tickets')
    .set({
      status: update.status,
      isFollowedUp: update.isFollowedUp,
      assigneeId: update.assigneeId,
      subject: update.subject,
      recipientInfo:
        update.recipientInfo === undefined ? undefined : (jsonValue(update.recipientInfo) ?? null),
      updatedAt: now,
    })
    .where('workspaceId', '=', workspaceId)
    .where(
      'id',
      'in',
      before.map((row) => row.id),
    )
    .returningAll()
    .execute();
  const { status } = update;
  if (status) {
    const moved = before.filter((row) => row.status !== status).map((row) => row.status);
    await adjustTicketCounts(
      trx,
      workspaceId,
      countDelta(
        moved,
        moved.map(() => status),
      ),
      now,
    );
  }
  recordChange(trx, { collection: 'tickets', workspaceId, ids: rows.map((row) => row.id) });
  return rows.map(toTicket);
}

/** Deletes the workspace's tickets `ids` and uncounts them. Returns the ids deleted. */
export async function deleteTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  ids: string[],
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .deleteFrom('tickets')
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .returning(['id', 'status'])
    .execute();
  if (rows.length === 0) return [];
  await adjustTicketCounts(
    trx,
    workspaceId,
    countDelta(
      rows.map((row) => row.status),
      [],
    ),
    now,
  );
  recordChange(trx, { collection: 'tickets', workspaceId, ids: rows.map((row) => row.id) });
  return rows.map((row) => row.id);
}
