import type { Kysely } from 'kysely';
import type { ContactRequest, SubmissionReceipt } from 'shared-sdk';
import type { Database } from '../db/schema';

/** Stores one contact-form submission; pass a transaction. */
export async function insertContactRequest(
  trx: Kysely<Database>,
  request: ContactRequest,
): Promise<SubmissionReceipt> {
  const row = await trx
    .insertInto('contactRequests')
    .values({
      name: request.name,
      email: request.email,
      // An optional field left blank in the form arrives as '' and is stored as absent.
      company: request.company || null,
      topic: request.topic,
      message: request.message,
    })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
