import type { Kysely } from 'kysely';
import { readableTextColor, type Chatbot } from 'shared-sdk';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import {
  findWidgetChatbot,
  listChatbots,
  toChatbot,
  updateChatbot,
  type ChatbotSettings,
} from '../repositories/chatbots';
import { chatbotPhotoUrl, type PhotoStorage } from './photo-urls';

export const chatbotNotFound = (chatbotId: string) =>
  new HttpError(404, `Chatbot ${chatbotId} not found`);

/** product-spec.md §7 PATCH /api/user/chatbots: the workspace's chatbot gets the admin's settings. */
export async function changeChatbot(
  trx: Kysely<Database>,
  workspaceId: string,
  chatbotId: string,
  settings: ChatbotSettings,
  now: Date,
  storage: PhotoStorage,
): Promise<Chatbot> {
  // Only a file uploaded for this chatbot, kept under the URL the server builds for it.
  const photoUrl =
    settings.photoUrl === null
      ? null
      : await chatbotPhotoUrl(trx, storage, workspaceId, chatbotId, settings.photoUrl);
  const row = await updateChatbot(trx, workspaceId, chatbotId, { ...settings, photoUrl }, now);
  if (!row) throw chatbotNotFound(chatbotId);
  return toChatbot(row);
}

/**
 * The widget launcher's place, label and colours: the given chatbot of the workspace, else its
 * first. Public: what any visitor of the page sees anyway.
 */
export async function widgetLauncher(
  db: Kysely<Database>,
  workspaceId: string,
  chatbotId: string | undefined,
) {
  const chatbot = await findWidgetChatbot(db, workspaceId, chatbotId);
  if (!chatbot) throw chatbotNotFound(chatbotId ?? workspaceId);
  return {
    name: chatbot.name,
    color: chatbot.messageBackgroundColor,
    textColor: readableTextColor(chatbot.messageBackgroundColor),
    position: chatbot.launcherPosition,
    label: chatbot.launcherLabel,
  };
}

/** The workspace's chatbots, oldest first. */
export function chatbotsOf(db: Kysely<Database>, workspaceId: string): Promise<Chatbot[]> {
  return listChatbots(db, workspaceId);
}
