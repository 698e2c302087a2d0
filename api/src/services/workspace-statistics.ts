import type { Kysely } from 'kysely';
import type { Statistics } from 'shared-sdk';
import { workspaceNotFound } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { findStatistics } from '../repositories/statistics';

/** The dashboard's statistics of a workspace (kept up to date as its data changes). */
export async function workspaceStatistics(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Statistics> {
  const statistics = await findStatistics(db, workspaceId);
  if (!statistics) throw workspaceNotFound(workspaceId);
  return statistics;
}
