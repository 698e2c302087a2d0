import type { Kysely } from 'kysely';
import type { Statistics } from 'shared-sdk';
import type { Database } from '../db/schema';

/** The workspace's counters, all zero. Pass the transaction that creates the workspace. */
export async function insertStatistics(trx: Kysely<Database>, workspaceId: string): Promise<void> {
  await trx.insertInto('statistics').values({ workspaceId }).execute();
}

export async function findStatistics(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Statistics | undefined> {
  const row = await db
    .selectFrom('statistics')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    workspaceId: row.workspaceId,
    tickets: { open: row.ticketsOpen, closed: row.ticketsClosed },
    products: {
      all: row.productsAll,
      active: row.productsActive,
      disabled: row.productsDisabled,
      processing: row.productsProcessing,
    },
    conversations: {
      all: row.conversationsAll,
      resolved: row.conversationsResolved,
      // spec §3: "unresolved" conversations are stored as pending.
      pending: row.conversationsPending,
    },
    aiTrainingQnas: { count: row.aiTrainingQnasCount },
  };
}
