import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { requireMember } from '../auth/workspace-access';
import type { ParsedStoragePath } from './storage-paths';

export interface StorageAccess {
  /** The workspace the path belongs to; null for a user's own photo. */
  workspaceId: string | null;
}

const notYourPhoto = () => new HttpError(403, 'You may only upload photos of your own account');
const chatbotNotFound = (chatbotId: string) => new HttpError(404, `Chatbot ${chatbotId} not found`);

/**
 * The workspace an attachment path belongs to. Conversations do not exist yet, so for now the
 * path's id must be a workspace id. When they do, this becomes: find the conversation by id,
 * answer 404 when there is none, and return its workspaceId; the member check below stays as it
 * is, and reading an attachment gains a second way in (the conversation's customer, see
 * routes/storage.ts).
 */
async function attachmentWorkspaceId(
  _db: Kysely<Database>,
  conversationId: string,
): Promise<string> {
  return conversationId;
}

/**
 * The one check of who may upload to a path, and read an attachment: the user's own photo
 * folder (else 403), or an active member of the workspace the path belongs to (else 404 as for
 * every workspace call, through `requireMember`). A chatbot photo's chatbot must belong to that
 * workspace.
 */
export async function authorizeStoragePath(
  db: Kysely<Database>,
  userId: string,
  target: ParsedStoragePath,
): Promise<StorageAccess> {
  switch (target.kind) {
    case 'user-image':
      if (target.userId !== userId) throw notYourPhoto();
      return { workspaceId: null };
    case 'chatbot-image': {
      await requireMember(db, userId, target.workspaceId);
      const chatbot = await db
        .selectFrom('chatbots')
        .select('id')
        .where('id', '=', target.chatbotId)
        .where('workspaceId', '=', target.workspaceId)
        .executeTakeFirst();
      if (!chatbot) throw chatbotNotFound(target.chatbotId);
      return { workspaceId: target.workspaceId };
    }
    case 'product-image':
      // Products do not exist yet: when they do, check here that the product is the workspace's.
      await requireMember(db, userId, target.workspaceId);
      return { workspaceId: target.workspaceId };
    case 'attachment': {
      const workspaceId = await attachmentWorkspaceId(db, target.conversationId);
      await requireMember(db, userId, workspaceId);
      return { workspaceId };
    }
  }
}
