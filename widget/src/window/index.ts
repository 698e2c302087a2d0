// /widget/window.html?workspaceId=…&chatbotId=…&locale=…&parentOrigin=…: the chat window the
// loader frames (it also works opened on its own, without the page's JavaScript API).
import './window.css';
import { startChatWindow } from './chat-window';

startChatWindow(document.getElementById('app') as HTMLElement, { window });
