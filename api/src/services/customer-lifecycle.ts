import { sql, type Kysely } from 'kysely';
import type { CustomerExport, EraseCustomerResponse } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { randomId } from '../db/random-id';
import { HttpError } from '../errors/http-error';
import { recordChange } from '../live/write-transaction';
import {
  customerConversations,
  findCustomerRow,
  toCustomerRecord,
  touchConversationsOf,
} from '../repositories/customer-records';
import type { CustomerRow } from '../repositories/customers';
import { toTicket } from '../repositories/tickets';

const wasErased = () => new HttpError(409, 'This customer was erased');

/** Both rows locked in id order, so two merges of the same pair cannot deadlock. */
async function lockPair(trx: Kysely<Database>, workspaceId: string, a: string, b: string) {
  const [first, second] = a < b ? [a, b] : [b, a];
  const rows = new Map<string, CustomerRow>();
  for (const id of [first, second]) rows.set(id, await findCustomerRow(trx, workspaceId, id, true));
  return [rows.get(a)!, rows.get(b)!] as const;
}

/**
 * Merges `mergedCustomerId` into `customerId`: every conversation of the merged customer (and so
 * the tickets on them) moves to the kept one, which takes the details it lacked and the earlier
 * first-seen and later last-seen of the two; the merged record goes. A customer of another
 * workspace is not found (404), as if it did not exist.
 */
export async function mergeCustomers(
  trx: Kysely<Database>,
  input: { workspaceId: string; customerId: string; mergedCustomerId: string },
  now: Date,
) {
  const { workspaceId, customerId, mergedCustomerId } = input;
  if (customerId === mergedCustomerId) {
    throw new HttpError(400, 'A customer cannot be merged with itself');
  }
  const [kept, merged] = await lockPair(trx, workspaceId, customerId, mergedCustomerId);
  if (kept.erasedAt || merged.erasedAt) throw wasErased();

  const moved = await trx
    .updateTable('conversations')
    .set({ customerId })
    .where('workspaceId', '=', workspaceId)
    .where('customerId', '=', mergedCustomerId)
    .returning('id')
    .execute();
  await sql`
    update customers set
      first_name = case when first_name = '' and last_name = '' then ${merged.firstName}
        else first_name end,
      last_name = case when first_name = '' and last_name = '' then ${merged.lastName}
        else last_name end,
      email = coalesce(email, ${merged.email}),
      order_id = coalesce(order_id, ${merged.orderId}),
      photo_url = coalesce(photo_url, ${merged.photoUrl}),
      created_at = least(created_at, ${merged.createdAt}),
      last_seen_at = greatest(last_seen_at, ${merged.lastSeenAt}),
      updated_at = ${now}
    where id = ${customerId}`.execute(trx);
  // The merged customer's browsers go on as the customer they were merged into.
  await trx
    .updateTable('visitorTokens')
    .set({ customerId })
    .where('customerId', '=', mergedCustomerId)
    .execute();
  await trx.deleteFrom('customers').where('id', '=', mergedCustomerId).execute();
  recordChange(trx, { collection: 'customers', workspaceId, ids: [customerId, mergedCustomerId] });
  await touchConversationsOf(trx, workspaceId, customerId);

  const row = await findCustomerRow(trx, workspaceId, customerId);
  return { customer: toCustomerRecord(row), movedConversations: moved.length };
}

interface Erasure extends EraseCustomerResponse {
  /** Stored files to remove from storage once the transaction has committed. */
  filePaths: string[];
}

/**
 * Erases a customer (a data-erasure request): their messages, the files attached to them, the
 * members' notes on their conversations and everything personal of their record go. The
 * conversations stay, emptied, and the record stays as "Erased customer" with only its id and
 * dates: the statistics count those conversations and their ratings, and tickets point at them,
 * so both stay exact. The audit list records who erased whom and when.
 */
export async function eraseCustomer(
  trx: Kysely<Database>,
  input: { workspaceId: string; customerId: string; erasedBy: string },
  now: Date,
): Promise<Erasure> {
  const { workspaceId, customerId } = input;
  const customer = await findCustomerRow(trx, workspaceId, customerId, true);
  if (customer.erasedAt) throw wasErased();
  const conversationIds = (
    await trx
      .selectFrom('conversations')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('customerId', '=', customerId)
      .forUpdate()
      .execute()
  ).map((row) => row.id);

  let erasedMessages = 0;
  let erasedNotes = 0;
  let filePaths: string[] = [];
  if (conversationIds.length > 0) {
    const messages = await trx
      .deleteFrom('messages')
      .where('conversationId', 'in', conversationIds)
      .returning('attachments')
      .execute();
    erasedMessages = messages.length;
    filePaths = messages.flatMap((message) => message.attachments.map((file) => file.path));
    recordChange(trx, {
      collection: 'messages',
      workspaceId,
      ids: [],
      conversationIds,
    });
    const notes = await trx
      .deleteFrom('conversationNotes')
      .where('conversationId', 'in', conversationIds)
      .returning('id')
      .execute();
    erasedNotes = notes.length;
    if (notes.length > 0) {
      recordChange(trx, {
        collection: 'conversation_notes',
        workspaceId,
        ids: notes.map((note) => note.id),
        conversationIds,
      });
    }
    // Status, rating and the bot's answer stay: the statistics count them.
    await trx
      .updateTable('conversations')
      .set({
        subject: null,
        lastMessage: null,
        messagesCount: 0,
        ratingComment: null,
        messagesSeenCount: '{}',
        updatedAt: now,
      })
      .where('id', 'in', conversationIds)
      .execute();
    recordChange(trx, { collection: 'conversations', workspaceId, ids: conversationIds });
  }
  const files =
    filePaths.length > 0
      ? await trx
          .deleteFrom('storedFiles')
          .where('path', 'in', filePaths)
          .where('workspaceId', '=', workspaceId)
          .returning('path')
          .execute()
      : [];

  await trx
    .updateTable('customers')
    .set({
      firstName: '',
      lastName: '',
      email: null,
      orderId: null,
      photoUrl: null,
      chatbotId: null,
      visitorTokenHash: `erased:${customerId}`,
      userId: null,
      preChatAnsweredAt: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where('id', '=', customerId)
    .execute();
  recordChange(trx, { collection: 'customers', workspaceId, ids: [customerId] });
  // The widget's old tokens no longer find the record.
  await trx.deleteFrom('visitorTokens').where('customerId', '=', customerId).execute();

  await trx
    .insertInto('customerErasures')
    .values({
      id: randomId(),
      workspaceId,
      customerId,
      erasedBy: input.erasedBy,
      erasedAt: now,
      messagesCount: erasedMessages,
      filesCount: files.length,
    })
    .execute();
  return {
    erasedMessages,
    erasedFiles: files.length,
    erasedNotes,
    filePaths: files.map((file) => file.path),
  };
}

/** The audit list of erasures in the workspace, newest first, with the member's address. */
export async function listErasures(db: Kysely<Database>, workspaceId: string) {
  const rows = await db
    .selectFrom('customerErasures as e')
    .leftJoin('users as u', 'u.id', 'e.erasedBy')
    .select([
      'e.id',
      'e.customerId',
      'e.erasedBy',
      'e.erasedAt',
      'e.messagesCount',
      'e.filesCount',
      'u.email as erasedByEmail',
    ])
    .where('e.workspaceId', '=', workspaceId)
    .orderBy('e.erasedAt', 'desc')
    .orderBy('e.id')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ...row,
    erasedByEmail: row.erasedByEmail ?? null,
    erasedAt: row.erasedAt.toISOString(),
  }));
}

/** Everything the workspace holds about the customer, for a data-access request. */
export async function exportCustomer(
  db: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  now: Date,
): Promise<CustomerExport> {
  const customer = await findCustomerRow(db, workspaceId, customerId);
  const conversations = await customerConversations(db, workspaceId, customerId, 10_000);
  const ids = conversations.map((conversation) => conversation.id);
  const [messages, notes, tickets] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .selectFrom('messages')
            .select(['id', 'conversationId', 'role', 'content', 'timestamp', 'attachments'])
            .where('conversationId', 'in', ids)
            .orderBy('timestamp')
            .orderBy('id')
            .execute(),
          db
            .selectFrom('conversationNotes')
            .select(['id', 'conversationId', 'content', 'timestamp'])
            .where('conversationId', 'in', ids)
            .orderBy('timestamp')
            .execute(),
          db
            .selectFrom('tickets')
            .selectAll()
            .where('workspaceId', '=', workspaceId)
            .where('conversationId', 'in', ids)
            .orderBy('createdAt')
            .execute(),
        ]);
  return {
    exportedAt: now.toISOString(),
    customer: toCustomerRecord(customer),
    conversations: conversations.map((conversation) => ({
      ...conversation,
      messages: messages
        .filter((message) => message.conversationId === conversation.id)
        .map((message) => ({
          id: message.id,
          role: message.role,
          content: message.content,
          timestamp: message.timestamp.toISOString(),
          attachments: message.attachments.map((file) => ({
            originalName: file.originalName,
            url: file.url,
          })),
        })),
      notes: notes
        .filter((note) => note.conversationId === conversation.id)
        .map((note) => ({
          id: note.id,
          content: note.content,
          timestamp: note.timestamp.toISOString(),
        })),
    })),
    tickets: tickets.map(toTicket),
  };
}
