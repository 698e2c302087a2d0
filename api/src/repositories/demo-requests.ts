import type { Kysely } from 'kysely';
import type { DemoRequest, SubmissionReceipt } from 'shared-sdk';
import type { Database } from '../db/schema';

/** Stores one demo-request submission; pass a transaction. */
export async function insertDemoRequest(
  trx: Kysely<Database>,
  request: DemoRequest,
): Promise<SubmissionReceipt> {
  const row = await trx
    .insertInto('demoRequests')
    .values({
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      company: request.company,
      companySize: request.companySize,
      // Optional fields left blank in the form arrive as '' and are stored as absent.
      phone: request.phone || null,
      message: request.message || null,
    })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
