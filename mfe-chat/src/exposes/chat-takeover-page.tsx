import { ChatTakeoverPage } from '../features/chat-takeover/chat-takeover-page';

export default ChatTakeoverPage;
