import type { Kysely, Selectable } from 'kysely';
import type { Customer, CustomerIdentity } from 'shared-sdk/schemas';
import { compiledOnce } from '../db/compiled-once';
import { randomId } from '../db/random-id';
import type { CustomersTable, Database } from '../db/schema';
import { readThroughCache, type CacheDefinition } from '../live/change-cache';
import { recordChange } from '../live/write-transaction';

export type CustomerRow = Selectable<CustomersTable>;

/** spec §3 customer, as clients read it (never with the token's digest). */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    orderId: row.orderId,
    photoUrl: row.photoUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a visitor's identity sets; fields left out stay as they are. An empty e-mail clears it. */
function identityColumns(identity: CustomerIdentity) {
  return {
    ...(identity.firstName !== undefined ? { firstName: identity.firstName } : {}),
    ...(identity.lastName !== undefined ? { lastName: identity.lastName } : {}),
    ...(identity.email !== undefined ? { email: identity.email || null } : {}),
    ...(identity.orderId !== undefined ? { orderId: identity.orderId || null } : {}),
  };
}

export async function insertCustomer(
  trx: Kysely<Database>,
  customer: {
    workspaceId: string;
    chatbotId: string;
    visitorTokenHash: string;
    identity: CustomerIdentity;
  },
  now: Date,
): Promise<CustomerRow> {
  const row = await trx
    .insertInto('customers')
    .values({
      id: randomId(),
      workspaceId: customer.workspaceId,
      chatbotId: customer.chatbotId,
      visitorTokenHash: customer.visitorTokenHash,
      email: null,
      orderId: null,
      photoUrl: null,
      ...identityColumns(customer.identity),
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'customers', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}

const customerByTokenHash = compiledOnce((db, visitorTokenHash: string) =>
  db.selectFrom('customers').selectAll().where('visitorTokenHash', '=', visitorTokenHash),
);

/**
 * Visitors by id, for every widget request: dropped when their row changes, and all of them when
 * a workspace or a chatbot changes (a deleted workspace takes its customers along, a deleted
 * chatbot leaves theirs with none; neither names them).
 */
const visitors: CacheDefinition<CustomerRow | undefined> = {
  name: 'visitors',
  collections: ['customers', 'workspaces', 'chatbots'],
  scopesOf: (event) =>
    event.collection === 'customers' && event.ids.length > 0 ? event.ids : 'all',
};

/** Token digest → customer id: a token is its customer's for good, so this is never stale. */
const customerIdsOfTokens = new Map<string, string>();
const maxRememberedTokens = 100_000;

/**
 * The visitor whose token has this digest, if any: asked by every widget request, so read from
 * the database once per visitor and change (see `visitors`).
 */
export async function findCustomerByTokenHash(
  db: Kysely<Database>,
  visitorTokenHash: string,
): Promise<CustomerRow | undefined> {
  const read = async () => (await customerByTokenHash(db, visitorTokenHash))[0];
  const customerId = customerIdsOfTokens.get(visitorTokenHash);
  if (customerId !== undefined) return readThroughCache(db, visitors, customerId, '', read);
  const customer = await read();
  if (customer) {
    if (customerIdsOfTokens.size >= maxRememberedTokens) customerIdsOfTokens.clear();
    customerIdsOfTokens.set(visitorTokenHash, customer.id);
  }
  return customer;
}

/**
 * A returning visitor: the identity they gave (only the fields given) and the chatbot whose
 * widget they opened. Their conversations show their name, so those documents change too.
 */
export async function updateCustomer(
  trx: Kysely<Database>,
  id: string,
  update: { identity: CustomerIdentity; chatbotId: string },
  now: Date,
): Promise<CustomerRow> {
  const row = await trx
    .updateTable('customers')
    .set({ ...identityColumns(update.identity), chatbotId: update.chatbotId, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'customers', workspaceId: row.workspaceId, ids: [row.id] });
  return row;
}
