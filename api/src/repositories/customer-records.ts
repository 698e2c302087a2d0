import { sql, type Kysely } from 'kysely';
import {
  customersPageSize,
  type CustomerConversation,
  type CustomerIdentity,
  type CustomerRecord,
  type CustomerSort,
  type CustomersResponse,
} from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { recordChange } from '../live/write-transaction';
import type { CustomerRow } from './customers';
import { customerText } from './search';

/** The Customers page's view of a customer (never with the visitor token's digest). */
export function toCustomerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

export const customerNotFound = (customerId: string) =>
  new HttpError(404, `Customer ${customerId} not found`);
const invalidCursor = () => new HttpError(400, 'The page cursor is not valid; start from page one');

type Cursor = [sortKey: string, id: string] | [firstName: string, lastName: string, id: string];

function encodeCursor(values: Cursor): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, length: number): string[] {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((value) => typeof value === 'string')
    ) {
      return values as string[];
    }
  } catch {
    // Falls through to the 400 below: a cursor is only ever one this server wrote.
  }
  throw invalidCursor();
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One page of the workspace's customers (erased ones are no longer listed), by last seen (newest
 * first) or by name, each read along its index (migration 0023) from where the cursor left off.
 * `q` keeps those whose name or e-mail address contains its words (its trigram index serves it).
 */
export async function listCustomers(
  db: Kysely<Database>,
  input: { workspaceId: string; q?: string; sort: CustomerSort; cursor?: string },
): Promise<CustomersResponse> {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('workspaceId', '=', input.workspaceId)
    .where('erasedAt', 'is', null);
  // Every word somewhere in the name or address: "ada love" finds Ada Lovelace.
  for (const word of (input.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4)) {
    query = query.where(sql<boolean>`${customerText} like ${`%${likeLiteral(word)}%`}`);
  }
  if (input.sort === 'lastSeen') {
    if (input.cursor) {
      const [seen, id] = decodeCursor(input.cursor, 2) as [string, string];
      const seenAt = new Date(seen);
      if (Number.isNaN(seenAt.getTime())) throw invalidCursor();
      // The first condition is the index's: the page starts where the cursor left off instead of
      // reading every customer seen since (newest first, then ids up, no row comparison fits).
      query = query
        .where('lastSeenAt', '<=', seenAt)
        .where((eb) =>
          eb.or([
            eb('lastSeenAt', '<', seenAt),
            eb.and([eb('lastSeenAt', '=', seenAt), eb('id', '>', id)]),
          ]),
        );
    }
    query = query.orderBy('lastSeenAt', 'desc').orderBy('id');
  } else {
    if (input.cursor) {
      const [first, last, id] = decodeCursor(input.cursor, 3);
      query = query.where(
        sql<boolean>`(first_name, last_name, id) > (${first}, ${last}, ${id}::text collate "C")`,
      );
    }
    query = query.orderBy('firstName').orderBy('lastName').orderBy('id');
  }
  const rows = await query.limit(customersPageSize + 1).execute();
  const page = rows.slice(0, customersPageSize);
  const last = page.at(-1);
  const more = rows.length > customersPageSize && last;
  return {
    customers: page.map(toCustomerRecord),
    nextCursor: more
      ? encodeCursor(
          input.sort === 'lastSeen'
            ? [last.lastSeenAt.toISOString(), last.id]
            : [last.firstName, last.lastName, last.id],
        )
      : null,
  };
}

export async function findCustomerRow(
  db: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  lock = false,
): Promise<CustomerRow> {
  let query = db
    .selectFrom('customers')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', customerId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw customerNotFound(customerId);
  return row;
}

/** The latest conversations of a customer, with the rating they gave each. */
export async function customerConversations(
  db: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  limit = 200,
): Promise<CustomerConversation[]> {
  const rows = await db
    .selectFrom('conversations')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('customerId', '=', customerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    status: row.status,
    messagesCount: row.messagesCount,
    lastMessage: row.lastMessage?.content ?? null,
    rating: row.rating,
    ratingComment: row.ratingComment,
    ratedAt: row.ratedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The details a member corrected; the customer's conversations show the name, so they change too. */
export async function updateCustomerDetails(
  trx: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  identity: CustomerIdentity,
  now: Date,
): Promise<CustomerRow> {
  const row = await findCustomerRow(trx, workspaceId, customerId, true);
  // An erased record stays empty: it answers for the statistics, not for a person.
  if (row.erasedAt) throw new HttpError(409, 'This customer was erased; there is nothing to edit');
  const updated = await trx
    .updateTable('customers')
    .set({
      ...(identity.firstName !== undefined ? { firstName: identity.firstName } : {}),
      ...(identity.lastName !== undefined ? { lastName: identity.lastName } : {}),
      ...(identity.email !== undefined ? { email: identity.email || null } : {}),
      ...(identity.orderId !== undefined ? { orderId: identity.orderId || null } : {}),
      updatedAt: now,
    })
    .where('id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'customers', workspaceId, ids: [customerId] });
  await touchConversationsOf(trx, workspaceId, customerId);
  return updated;
}

/** Live conversation lists show the customer's name: tell them its conversations changed. */
export async function touchConversationsOf(
  trx: Kysely<Database>,
  workspaceId: string,
  customerId: string,
): Promise<string[]> {
  const ids = (
    await trx
      .selectFrom('conversations')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('customerId', '=', customerId)
      .execute()
  ).map((row) => row.id);
  if (ids.length > 0) recordChange(trx, { collection: 'conversations', workspaceId, ids });
  return ids;
}
