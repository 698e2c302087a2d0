import 'i18next';
import type { CommonResources } from 'shared-ui';
import type catalogue from './features/catalogue/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// area, added by the area's page module when it loads).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      catalogue: typeof catalogue;
    };
  }
}
