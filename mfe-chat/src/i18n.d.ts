import 'i18next';
import type { CommonResources } from 'shared-ui';
import type chat from './i18n/en-US.json';
import type chatTakeover from './features/chat-takeover/en-US.json';
import type conversation from './features/chat-takeover/conversation.en-US.json';
import type copilot from './features/chat-takeover/copilot.en-US.json';
import type reports from './features/reports/en-US.json';
import type search from './features/search/en-US.json';
import type customers from './features/customers/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// page, added by the page's module when it loads; `chat` by the shared building blocks).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      chat: typeof chat;
      'chat-takeover': typeof chatTakeover;
      conversation: typeof conversation;
      copilot: typeof copilot;
      reports: typeof reports;
      search: typeof search;
      customers: typeof customers;
    };
  }
}
