import type { WidgetChatbot } from './schemas/chat-widget';

/**
 * What the chat window gets of a chatbot (the API's session, the dashboard's preview): its own
 * settings and the workspace's header colour. Anything else of the chatbot stays behind.
 */
export function widgetChatbotOf(
  chatbot: Omit<WidgetChatbot, 'headerColor'>,
  headerColor: string,
): WidgetChatbot {
  return {
    id: chatbot.id,
    name: chatbot.name,
    photoUrl: chatbot.photoUrl,
    messageBackgroundColor: chatbot.messageBackgroundColor,
    greetingMessage: chatbot.greetingMessage,
    launcherPosition: chatbot.launcherPosition,
    launcherLabel: chatbot.launcherLabel,
    preChatForm: chatbot.preChatForm,
    businessHours: chatbot.businessHours,
    awayMessage: chatbot.awayMessage,
    headerColor,
  };
}
