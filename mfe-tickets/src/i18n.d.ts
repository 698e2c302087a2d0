import 'i18next';
import type { CommonResources } from 'shared-ui';
import type tickets from './i18n/en-US.json';
import type ticketDetail from './features/ticket-detail/en-US.json';
import type ticketsList from './features/tickets-list/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// page, added by the page's module when it loads; `tickets` by the shared building blocks).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      tickets: typeof tickets;
      'tickets-list': typeof ticketsList;
      'ticket-detail': typeof ticketDetail;
    };
  }
}
