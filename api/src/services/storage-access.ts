import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { requireMember } from '../auth/workspace-access';
import type { ParsedStoragePath } from './storage-paths';

/**
 * Who asks: a signed-in user, or a widget visitor (their visitor token), who reaches only the
 * attachments of their own conversations.
 */
export type StorageCaller =
  { kind: 'user'; userId: string } | { kind: 'visitor'; customerId: string; workspaceId: string };

export interface StorageAccess {
  /** The workspace the path belongs to; null for a user's own photo. */
  workspaceId: string | null;
}

const notYourPhoto = () => new HttpError(403, 'You may only upload photos of your own account');
const chatbotNotFound = (chatbotId: string) => new HttpError(404, `Chatbot ${chatbotId} not found`);

const conversationNotFound = (conversationId: string) =>
  new HttpError(404, `Conversation ${conversationId} not found`);
const visitorsMay = () =>
  new HttpError(403, 'The widget may only reach attachments of its own conversations');

/**
 * product-spec.md §3 attachments/{id}/{file}: the id is a conversation's. Members of its workspace reach
 * it, and its own visitor; anyone else is told it does not exist (404), as for every workspace
 * call.
 */
async function authorizeAttachment(
  db: Kysely<Database>,
  caller: StorageCaller,
  conversationId: string,
): Promise<StorageAccess> {
  const conversation = await db
    .selectFrom('conversations')
    .select(['workspaceId', 'customerId'])
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (caller.kind === 'visitor') {
    if (conversation?.customerId !== caller.customerId) throw conversationNotFound(conversationId);
    return { workspaceId: conversation.workspaceId };
  }
  if (!conversation) throw conversationNotFound(conversationId);
  await requireMember(db, caller.userId, conversation.workspaceId, {
    notFound: () => conversationNotFound(conversationId),
  });
  return { workspaceId: conversation.workspaceId };
}

/**
 * The one check of who may upload to a path, and read an attachment: the user's own photo
 * folder (else 403), or an active member of the workspace the path belongs to (else 404 as for
 * every workspace call, through `requireMember`). A chatbot photo's chatbot must belong to that
 * workspace; chatbot and product photos are for its admins. A conversation's attachments: members of its workspace and its own visitor.
 */
export async function authorizeStoragePath(
  db: Kysely<Database>,
  caller: StorageCaller,
  target: ParsedStoragePath,
): Promise<StorageAccess> {
  if (target.kind === 'attachment') return authorizeAttachment(db, caller, target.conversationId);
  if (caller.kind === 'visitor') throw visitorsMay();
  const { userId } = caller;
  switch (target.kind) {
    case 'user-image':
      if (target.userId !== userId) throw notYourPhoto();
      return { workspaceId: null };
    case 'chatbot-image': {
      // Admins change chatbots (PATCH /api/user/chatbots), so they alone upload their photos.
      await requireMember(db, userId, target.workspaceId, { role: 'admin' });
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
      // Admins write products. The product need not exist: a new product's photo is uploaded
      // before it is created, under the id its client chose (product ids are the workspace's
      // own, so the folder cannot be another workspace's product).
      await requireMember(db, userId, target.workspaceId, { role: 'admin' });
      return { workspaceId: target.workspaceId };
  }
}
