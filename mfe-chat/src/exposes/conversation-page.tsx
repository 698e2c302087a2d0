import { ConversationPage } from '../features/conversation/conversation-page';

export default ConversationPage;
