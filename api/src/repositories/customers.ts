import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Customer, CustomerIdentity } from 'shared-sdk/schemas';
import { compiledOnce } from '../db/compiled-once';
import { randomId } from '../db/random-id';
import type { CustomersTable, Database } from '../db/schema';
import { runStatement } from '../db/statements';
import type { Statement } from '../db/statements';
import { readThroughCache, type CacheDefinition } from '../live/change-cache';
import { recordChange } from '../live/write-transaction';

export type CustomerRow = Selectable<CustomersTable>;

/** product-spec.md §3 customer, as clients read it (never with the token's digest). */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    orderId: row.orderId,
    photoUrl: row.photoUrl,
    userId: row.userId,
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

export interface NewCustomer {
  /** Drawn by a caller that sends statements about the customer along with its insert. */
  id?: string;
  workspaceId: string;
  chatbotId: string;
  visitorTokenHash: string;
  identity: CustomerIdentity;
}

const newCustomerValues = (customer: NewCustomer & { userId?: string }, now: Date) => ({
  id: customer.id ?? randomId(),
  workspaceId: customer.workspaceId,
  chatbotId: customer.chatbotId,
  visitorTokenHash: customer.visitorTokenHash,
  email: null,
  orderId: null,
  photoUrl: null,
  ...identityColumns(customer.identity),
  userId: customer.userId ?? null,
  updatedAt: now,
});

/**
 * The statement that inserts customers and their first visitor tokens (a round trip less for
 * every new visitor); recording the change live queries hear of. `userIdTaken: 'skip'`: a
 * customer is not inserted (not answered) when the workspace has a customer of its user id already.
 */
function insertWithToken(
  trx: Kysely<Database>,
  values: ReturnType<typeof newCustomerValues>[],
  userIdTaken: 'fail' | 'skip',
): Statement<CustomerRow[]> {
  const query = trx
    .with('customer', (db) => {
      const insert = db.insertInto('customers').values(values);
      return (
        userIdTaken === 'skip'
          ? insert.onConflict((conflict) =>
              conflict
                .columns(['workspaceId', 'userId'])
                .where('userId', 'is not', null)
                .doNothing(),
            )
          : insert
      ).returningAll();
    })
    .with('token', (db) =>
      db
        .insertInto('visitorTokens')
        .columns(['tokenHash', 'customerId'])
        .expression(db.selectFrom('customer').select(['customer.visitorTokenHash', 'customer.id'])),
    )
    .selectFrom('customer')
    .selectAll()
    .compile();
  return {
    query,
    read: (rows) => {
      const customers = rows as CustomerRow[];
      for (const workspaceId of new Set(customers.map((row) => row.workspaceId))) {
        const ids = customers.filter((row) => row.workspaceId === workspaceId).map((row) => row.id);
        recordChange(trx, { collection: 'customers', workspaceId, ids });
      }
      return customers;
    },
  };
}

/** A new anonymous visitor, or one who identified without a signature. */
export async function insertCustomer(
  trx: Kysely<Database>,
  customer: NewCustomer,
  now: Date,
): Promise<CustomerRow> {
  return (await runStatement(trx, insertCustomersStatement(trx, [customer], now)))[0]!;
}

/**
 * insertCustomer's statement for several customers at once, for a caller that sends others with
 * it (sendTogether): the new senders of a group of received mails, one statement for them all.
 */
export function insertCustomersStatement(
  trx: Kysely<Database>,
  customers: NewCustomer[],
  now: Date,
): Statement<CustomerRow[]> {
  const statement = insertWithToken(
    trx,
    customers.map((customer) => newCustomerValues(customer, now)),
    'fail',
  );
  return {
    query: statement.query,
    read: (rows) => {
      const inserted = statement.read(rows);
      if (inserted.length !== customers.length) throw new Error('A new customer was not inserted');
      return inserted;
    },
  };
}

/**
 * The workspace's customer of the business's user id `userId`, made by its first verified
 * identify; undefined when a concurrent identify of the same user id made it first (the caller
 * then reads that one: the insert waited for it to commit).
 */
export async function insertVerifiedCustomer(
  trx: Kysely<Database>,
  customer: NewCustomer & { userId: string },
  now: Date,
): Promise<CustomerRow | undefined> {
  const inserted = await runStatement(
    trx,
    insertWithToken(trx, [newCustomerValues(customer, now)], 'skip'),
  );
  return inserted[0];
}

const customerByTokenHash = compiledOnce((db, visitorTokenHash: string) =>
  db
    .selectFrom('visitorTokens as t')
    .innerJoin('customers as c', 'c.id', 't.customerId')
    .selectAll('c')
    .where('t.tokenHash', '=', visitorTokenHash),
);

/**
 * Visitors by customer id and token digest, for every widget request: dropped when their row
 * changes (a logout records a change of its customer too), and all of them when a workspace or a
 * chatbot changes (a deleted workspace takes its customers along, a deleted chatbot leaves
 * theirs with none; neither names them).
 */
const visitors: CacheDefinition<CustomerRow | undefined> = {
  name: 'visitors',
  collections: ['customers', 'workspaces', 'chatbots'],
  scopesOf: (event) =>
    event.collection === 'customers' && event.ids.length > 0 ? event.ids : 'all',
};

/**
 * Token digest → customer id: a token reaches one customer for as long as it lives (a verified
 * identify hands out a new token rather than moving an old one), so this only says which scope
 * of the cache to look in; a token deleted since is read again there, and found to be gone.
 */
const customerIdsOfTokens = new Map<string, string>();
const maxRememberedTokens = 100_000;

/**
 * The visitor whose token has this digest, if any, with that digest as its `visitorTokenHash`:
 * asked by every widget request, so read from the database once per token and change.
 */
export async function findCustomerByTokenHash(
  db: Kysely<Database>,
  visitorTokenHash: string,
): Promise<CustomerRow | undefined> {
  const read = async () => {
    const [row] = await customerByTokenHash(db, visitorTokenHash);
    // A verified customer has a token per device: the limits count the one presented.
    return row && { ...row, visitorTokenHash };
  };
  const customerId = customerIdsOfTokens.get(visitorTokenHash);
  if (customerId !== undefined) {
    return readThroughCache(db, visitors, customerId, visitorTokenHash, read);
  }
  const customer = await read();
  if (customer) {
    if (customerIdsOfTokens.size >= maxRememberedTokens) customerIdsOfTokens.clear();
    customerIdsOfTokens.set(visitorTokenHash, customer.id);
  }
  return customer;
}

/** A new token of the customer (a device of a verified customer). */
export async function insertVisitorToken(
  trx: Kysely<Database>,
  customer: Pick<CustomerRow, 'id' | 'workspaceId'>,
  visitorTokenHash: string,
): Promise<void> {
  await trx
    .insertInto('visitorTokens')
    .values({ tokenHash: visitorTokenHash, customerId: customer.id })
    .execute();
  recordChange(trx, {
    collection: 'customers',
    workspaceId: customer.workspaceId,
    ids: [customer.id],
  });
}

/** `Parley.logout()`: the token reaches no one any more. */
export async function deleteVisitorToken(
  trx: Kysely<Database>,
  customer: Pick<CustomerRow, 'id' | 'workspaceId'>,
  visitorTokenHash: string,
): Promise<void> {
  await trx.deleteFrom('visitorTokens').where('tokenHash', '=', visitorTokenHash).execute();
  // Drops the token from every instance's cache of visitors.
  recordChange(trx, {
    collection: 'customers',
    workspaceId: customer.workspaceId,
    ids: [customer.id],
  });
}

/** The workspace's verified customer with the business's user id `userId`, locked. */
export async function findCustomerByUserIdForUpdate(
  trx: Kysely<Database>,
  workspaceId: string,
  userId: string,
): Promise<CustomerRow | undefined> {
  return trx
    .selectFrom('customers')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
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

/** The workspace's customer with this e-mail address (any case), the first one when several. */
export function findCustomerByEmail(
  db: Kysely<Database>,
  workspaceId: string,
  email: string,
): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .where('erasedAt', 'is', null)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
