import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { recipientInfoSchema } from 'shared-sdk/schemas';
import type { RecipientInfo, Ticket, TicketStatus, TicketsWhere } from 'shared-sdk/schemas';
import { randomId } from '../db/random-id';
import type { Database, TicketsTable } from '../db/schema';
import { recordChange } from '../live/write-transaction';
import { adjustTicketCounts, countTickets } from './statistics';

export type { Ticket, TicketStatus, TicketType } from 'shared-sdk/schemas';
export type TicketRow = Selectable<TicketsTable>;

/**
 * The recipient as clients read it. Rows written before the shape was fixed may hold other
 * JSON: what fits the schema is kept (missing names empty), anything else reads as none.
 */
function toRecipientInfo(value: unknown): RecipientInfo | null {
  const parsed = recipientInfoSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** product-spec.md §3 ticket as the live `tickets` collection and the ticket calls return it. */
export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    type: row.type,
    assigneeId: row.assigneeId,
    status: row.status,
    isFollowedUp: row.isFollowedUp,
    subject: row.subject,
    recipientInfo: row.type === 'internal' ? toRecipientInfo(row.recipientInfo) : null,
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
  | (NewTicketCommon & {
      type: 'internal';
      subject: string | null;
      recipientInfo?: RecipientInfo | null;
    })
  | (NewTicketCommon & { type: 'external'; conversationId: string | null });

export interface TicketUpdate {
  status?: TicketStatus;
  isFollowedUp?: boolean;
  assigneeId?: string | null;
  /** Internal tickets only (the table refuses it on an external one). */
  subject?: string | null;
  recipientInfo?: RecipientInfo | null;
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
 * transaction (writeTransaction), so the list and the counters change together: one statement,
 * so the statistics shard is held for one round trip less.
 */
export async function insertTicket(
  trx: Kysely<Database>,
  ticket: NewTicket,
  now: Date,
): Promise<Ticket> {
  const status = ticket.status ?? 'open';
  const row = await trx
    .with('counted', () => countTickets(trx, ticket.workspaceId, countDelta([], [status]), now))
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
      closedAt: status === 'closed' ? now : null,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'tickets', workspaceId: ticket.workspaceId, ids: [row.id] });
  return toTicket(row);
}

/** The workspace's ticket `id`; a ticket of another workspace is not found. */
export async function findTicket(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<Ticket | undefined> {
  const row = await db
    .selectFrom('tickets')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toTicket(row);
}

/** The workspace's tickets raised on the conversations `conversationIds`, newest first. */
export async function ticketsOfConversations(
  db: Kysely<Database>,
  workspaceId: string,
  conversationIds: string[],
): Promise<TicketRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('conversationId', 'in', conversationIds)
    .orderBy('createdAt', 'desc')
    .execute();
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
      // A ticket closed again keeps the first closing time; reopening clears it.
      closedAt: closingTime(update.status, now),
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

function closingTime(status: TicketStatus | undefined, now: Date) {
  if (status === 'open') return null;
  if (status === 'closed') return sql<Date>`coalesce(closed_at, ${now})`;
  return undefined;
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

/**
 * Which of a workspace's tickets a bulk call changes (product-spec.md §7): the ids picked in the list, or
 * every ticket the list's filter shows (`where` status; none: every ticket of the workspace).
 */
export type TicketSelection = { ids: string[] } | { where: TicketsWhere | undefined };

interface SetChange {
  /** Column values the change sets. */
  set: { status?: 'closed'; isFollowedUp?: boolean };
  /** Only rows this would change: the count is of tickets that changed, and others keep their updatedAt. */
  unchanged: { column: 'status' | 'isFollowedUp'; value: TicketStatus | boolean };
}

/** How many tickets a bulk call changed, and which when they were picked by id (at most a page). */
export interface TicketsChanged {
  count: number;
  /** null when a filter chose them: any number, not listed. */
  ids: string[] | null;
}

/**
 * One UPDATE over the selected tickets of the workspace that still differ from `set`: set-based,
 * so resolving 100,000 tickets is one statement, not an id list. Returns how many rows changed.
 * On PostgreSQL a row changed meanwhile by a concurrent transaction is checked again after its
 * lock (the WHERE is re-evaluated), so nothing is counted twice.
 */
async function updateSelection(
  trx: Kysely<Database>,
  workspaceId: string,
  selection: TicketSelection,
  { set, unchanged }: SetChange,
  now: Date,
): Promise<TicketsChanged> {
  if ('ids' in selection && selection.ids.length === 0) return { count: 0, ids: [] };
  let update = trx
    .updateTable('tickets')
    .set({ ...set, updatedAt: now })
    .where('workspaceId', '=', workspaceId)
    .where(unchanged.column, '<>', unchanged.value);
  if ('ids' in selection) {
    update = update.where('id', 'in', selection.ids);
    // At most a page of ids (the schema's limit): the event names them.
    const rows = await update.returning('id').execute();
    if (rows.length > 0) {
      recordChange(trx, { collection: 'tickets', workspaceId, ids: rows.map((row) => row.id) });
    }
    return { count: rows.length, ids: rows.map((row) => row.id) };
  }
  if (selection.where) update = update.where(selection.where.field, '=', selection.where.value);
  const { changed } = await trx
    .with('changed', () => update.returning('id'))
    .selectFrom('changed')
    .select(sql<number>`count(*)::int`.as('changed'))
    .executeTakeFirstOrThrow();
  if (changed > 0) {
    // Any number of tickets: the event says "many" instead of listing them (ChangeEvent.manyIds).
    recordChange(trx, { collection: 'tickets', workspaceId, ids: [], manyIds: true });
  }
  return { count: changed, ids: null };
}

/**
 * product-spec.md §4 resolve: closes the selected open tickets and moves exactly that many from the open
 * to the closed counter, in the caller's write transaction. Returns how many were closed (and
 * which, when picked by id).
 */
export async function resolveTickets(
  trx: Kysely<Database>,
  workspaceId: string,
  selection: TicketSelection,
  now: Date,
): Promise<TicketsChanged> {
  const changed = await updateSelection(
    trx,
    workspaceId,
    selection,
    { set: { status: 'closed' }, unchanged: { column: 'status', value: 'closed' } },
    now,
  );
  const { count } = changed;
  await adjustTicketCounts(trx, workspaceId, { open: -count, closed: count }, now);
  return changed;
}

/**
 * product-spec.md §4 follow-up: marks the selected tickets (or takes the mark off), which sorts them first
 * in the list. Statistics do not count it. Returns how many tickets changed.
 */
export async function setTicketsFollowedUp(
  trx: Kysely<Database>,
  workspaceId: string,
  selection: TicketSelection,
  isFollowedUp: boolean,
  now: Date,
): Promise<number> {
  const { count } = await updateSelection(
    trx,
    workspaceId,
    selection,
    { set: { isFollowedUp }, unchanged: { column: 'isFollowedUp', value: isFollowedUp } },
    now,
  );
  return count;
}
