import type { Kysely, UpdateObject } from 'kysely';
import type { Database } from '../../src/db/schema';

/** Changes the workspace's shard 0 of its counters directly: figures out of step with the rows. */
export async function changeShardZero(
  db: Kysely<Database>,
  workspaceId: string,
  values: UpdateObject<Database, 'statisticsShards'>,
): Promise<void> {
  await db
    .updateTable('statisticsShards')
    .set(values)
    .where('workspaceId', '=', workspaceId)
    .where('shard', '=', 0)
    .execute();
}
