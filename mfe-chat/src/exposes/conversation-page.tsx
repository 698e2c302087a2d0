import { ConversationPage } from '../features/conversation/components/conversation-page';

export default ConversationPage;
