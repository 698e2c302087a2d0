import { z } from 'zod';
import { workspaceUserSchema } from './workspace';

// POST /api/user/users answers with the links it made and the addresses already linked.
export const addWorkspaceUsersResponseSchema = z.object({
  added: z.array(workspaceUserSchema),
  /** Lower-cased e-mail addresses that were members already; left as they were. */
  alreadyMembers: z.array(z.string()),
});
export type AddWorkspaceUsersResponse = z.infer<typeof addWorkspaceUsersResponseSchema>;
