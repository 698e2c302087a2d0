import type { Kysely, Selectable } from 'kysely';
import type { Chatbot, ChatbotExperience } from 'shared-sdk';
import type { ChatbotsTable, Database } from '../db/schema';
import { recordChange } from '../live/write-transaction';

export type ChatbotRow = Selectable<ChatbotsTable>;

export function toChatbot(row: ChatbotRow): Chatbot {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    messageBackgroundColor: row.messageBackgroundColor,
    idleTimeoutInMinutes: row.idleTimeoutInMinutes,
    photoUrl: row.photoUrl,
    greetingMessage: row.greetingMessage,
    launcherPosition: row.launcherPosition,
    launcherLabel: row.launcherLabel,
    preChatForm: row.preChatForm,
    businessHours: row.businessHours,
    awayMessage: row.awayMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface NewChatbot {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  messageBackgroundColor: string;
  idleTimeoutInMinutes: number;
  photoUrl: string | null;
}

export async function insertChatbot(trx: Kysely<Database>, chatbot: NewChatbot): Promise<void> {
  recordChange(trx, {
    collection: 'chatbots',
    workspaceId: chatbot.workspaceId,
    ids: [chatbot.id],
  });
  await trx.insertInto('chatbots').values(chatbot).execute();
}

/** The workspace's chatbots, oldest (the first one) first. */
export async function listChatbots(db: Kysely<Database>, workspaceId: string): Promise<Chatbot[]> {
  const rows = await db
    .selectFrom('chatbots')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toChatbot);
}

export interface ChatbotSettings extends Partial<ChatbotExperience> {
  name: string;
  description: string;
  messageBackgroundColor: string;
  idleTimeoutInMinutes: number;
  photoUrl: string | null;
}

/** Changes the chatbot if it is the workspace's; undefined when it is not. */
export async function updateChatbot(
  trx: Kysely<Database>,
  workspaceId: string,
  chatbotId: string,
  settings: ChatbotSettings,
  now: Date,
): Promise<ChatbotRow | undefined> {
  recordChange(trx, { collection: 'chatbots', workspaceId, ids: [chatbotId] });
  const { preChatForm, businessHours, ...columns } = settings;
  return trx
    .updateTable('chatbots')
    .set({
      ...columns,
      ...(preChatForm ? { preChatForm: JSON.stringify(preChatForm) } : {}),
      ...(businessHours ? { businessHours: JSON.stringify(businessHours) } : {}),
      updatedAt: now,
    })
    .where('id', '=', chatbotId)
    .where('workspaceId', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

/** The chatbot a visitor's widget shows: the one asked for, else the workspace's first. */
export async function findWidgetChatbot(
  db: Kysely<Database>,
  workspaceId: string,
  chatbotId: string | null | undefined,
): Promise<ChatbotRow | undefined> {
  let query = db
    .selectFrom('chatbots')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt')
    .orderBy('id');
  if (chatbotId) query = query.where('id', '=', chatbotId);
  return query.executeTakeFirst();
}
