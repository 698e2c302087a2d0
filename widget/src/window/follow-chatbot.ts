import type { LiveClient, LiveQuery } from 'shared-sdk/live';
import type { Chatbot, WidgetChatbot } from 'shared-sdk/schemas';

/** What an admin may change of the chatbot while a window is open (the header is the workspace's). */
export type LiveChatbotSettings = Omit<WidgetChatbot, 'id' | 'headerColor'>;

function settingsOf(doc: Chatbot): LiveChatbotSettings {
  return {
    name: doc.name,
    photoUrl: doc.photoUrl,
    messageBackgroundColor: doc.messageBackgroundColor,
    greetingMessage: doc.greetingMessage,
    launcherPosition: doc.launcherPosition,
    launcherLabel: doc.launcherLabel,
    preChatForm: doc.preChatForm,
    businessHours: doc.businessHours,
    awayMessage: doc.awayMessage,
  };
}

/** Whether `chatbot` already shows `settings` (a live update that changed nothing shown). */
export function showsSettings(chatbot: WidgetChatbot, settings: LiveChatbotSettings): boolean {
  return (Object.keys(settings) as (keyof LiveChatbotSettings)[]).every(
    (key) => JSON.stringify(chatbot[key]) === JSON.stringify(settings[key]),
  );
}

/**
 * The chatbot's own document, live: what an admin saves (name, colour, photo, greeting, launcher,
 * pre-chat form, business hours) reaches the open window without a reload.
 */
export function followChatbot(
  live: LiveClient,
  workspaceId: string,
  chatbotId: string,
  onSettings: (settings: LiveChatbotSettings) => void,
): () => void {
  const query: LiveQuery = {
    collection: 'chatbots',
    workspaceId,
    where: [{ field: 'id', op: '==', value: chatbotId }],
  };
  return live.subscribe(query, (result) => {
    const doc = result.status === 'live' && result.docs.find((item) => item.id === chatbotId);
    if (doc) onSettings(settingsOf(doc as unknown as Chatbot));
  });
}
