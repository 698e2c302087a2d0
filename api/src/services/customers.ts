import type { Kysely } from 'kysely';
import type { CustomerDetails, CustomerIdentity, CustomerRecord } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import {
  customerConversations,
  findCustomerRow,
  toCustomerRecord,
  updateCustomerDetails,
} from '../repositories/customer-records';
import { ticketsOfConversations, toTicket } from '../repositories/tickets';

export { listCustomers } from '../repositories/customer-records';

/**
 * A customer of the workspace with their conversations and the tickets raised on them; a
 * customer of another workspace is not found, as if it did not exist.
 */
export async function customerDetails(
  db: Kysely<Database>,
  workspaceId: string,
  customerId: string,
): Promise<CustomerDetails> {
  const customer = await findCustomerRow(db, workspaceId, customerId);
  const conversations = await customerConversations(db, workspaceId, customerId);
  const tickets = await ticketsOfConversations(
    db,
    workspaceId,
    conversations.map((conversation) => conversation.id),
  );
  return { customer: toCustomerRecord(customer), conversations, tickets: tickets.map(toTicket) };
}

/** Corrects a customer's name, e-mail address or order id (not an erased one's). */
export async function updateCustomer(
  trx: Kysely<Database>,
  workspaceId: string,
  customerId: string,
  identity: CustomerIdentity,
  now: Date,
): Promise<CustomerRecord> {
  return toCustomerRecord(await updateCustomerDetails(trx, workspaceId, customerId, identity, now));
}
