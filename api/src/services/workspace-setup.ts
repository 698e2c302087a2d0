import type { Kysely } from 'kysely';
import type { WorkspaceUser } from 'shared-sdk';
import { randomId } from '../db/random-id';
import type { Database } from '../db/schema';
import { insertChatbot } from '../repositories/chatbots';
import { insertStatistics } from '../repositories/statistics';
import { insertWorkspacePlan } from '../repositories/workspace-plans';
import { insertWorkspace } from '../repositories/workspaces';
import { findEnrichedWorkspaceUsers, insertWorkspaceUsers } from '../repositories/workspace-users';

export const defaultChatbot = {
  description: '',
  messageBackgroundColor: '#2450E6',
  idleTimeoutInMinutes: 30,
  photoUrl: null,
};

/**
 * A workspace ready to use: the workspace (its random id is also its API key), the creator's
 * link as an active admin, its first chatbot, its statistics (all zero) and its plan (free).
 * Pass the one transaction all of it is written in. Returns the creator's link.
 */
export async function createWorkspace(
  trx: Kysely<Database>,
  { userId, name, url }: { userId: string; name: string; url: string },
): Promise<WorkspaceUser> {
  const workspace = await insertWorkspace(trx, { id: randomId(), ownedBy: userId, name, url });
  const linkId = randomId();
  await insertWorkspaceUsers(trx, [
    { id: linkId, workspaceId: workspace.id, userId, role: 'admin', status: 'active' },
  ]);
  await insertChatbot(trx, {
    id: randomId(),
    workspaceId: workspace.id,
    name: `${name} assistant`,
    ...defaultChatbot,
  });
  await insertStatistics(trx, workspace.id);
  await insertWorkspacePlan(trx, workspace.id);
  const [link] = await findEnrichedWorkspaceUsers(trx, [linkId]);
  if (!link) throw new Error('The new workspace link cannot be read back');
  return link;
}
