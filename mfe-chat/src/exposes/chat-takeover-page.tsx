import { ChatTakeoverPage } from '../features/chat-takeover/components/chat-takeover-page';

export default ChatTakeoverPage;
