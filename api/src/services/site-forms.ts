import type { Kysely } from 'kysely';
import type { ContactRequest, DemoRequest, SubmissionReceipt } from 'shared-sdk';
import type { Database } from '../db/schema';
import { insertContactRequest } from '../repositories/contact-requests';
import { insertDemoRequest } from '../repositories/demo-requests';

/** The contact form of /contact-us, kept for the sales team. */
export function submitContactRequest(
  db: Kysely<Database>,
  request: ContactRequest,
): Promise<SubmissionReceipt> {
  return db.transaction().execute((trx) => insertContactRequest(trx, request));
}

/** A demo request of /get-a-demo, kept for the sales team. */
export function submitDemoRequest(
  db: Kysely<Database>,
  request: DemoRequest,
): Promise<SubmissionReceipt> {
  return db.transaction().execute((trx) => insertDemoRequest(trx, request));
}
