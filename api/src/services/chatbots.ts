import type { Kysely } from 'kysely';
import type { Chatbot } from 'shared-sdk';
import { storedImagePath } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { toChatbot, updateChatbot, type ChatbotSettings } from '../repositories/chatbots';
import { findStoredFile } from '../repositories/stored-files';

export const chatbotNotFound = (chatbotId: string) =>
  new HttpError(404, `Chatbot ${chatbotId} not found`);

// The schema has checked that the URL's path is in this chatbot's folder; only the storage
// knows whether a file was uploaded there, and a URL naming none would show a broken photo.
const photoNotStored = () =>
  new HttpError(400, 'body.photoUrl: no photo was uploaded under this URL');

/** spec §7 PATCH /api/user/chatbots: the workspace's chatbot gets the admin's settings. */
export async function changeChatbot(
  trx: Kysely<Database>,
  workspaceId: string,
  chatbotId: string,
  settings: ChatbotSettings,
  now: Date,
): Promise<Chatbot> {
  if (settings.photoUrl !== null) {
    const path = storedImagePath(settings.photoUrl);
    if (!path || !(await findStoredFile(trx, path))) throw photoNotStored();
  }
  const row = await updateChatbot(trx, workspaceId, chatbotId, settings, now);
  if (!row) throw chatbotNotFound(chatbotId);
  return toChatbot(row);
}
