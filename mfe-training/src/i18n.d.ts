import 'i18next';
import type { CommonResources } from 'shared-ui';
import type training from './i18n/en-US.json';
import type qnas from './features/qnas/en-US.json';
import type websites from './features/websites/en-US.json';
import type botPreview from './features/bot-preview/en-US.json';
import type unanswered from './features/qnas/unanswered.en-US.json';
import type suggestedPairs from './features/suggested-pairs/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// area, added by the area's page module when it loads; `training` by the page's frame).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      training: typeof training;
      qnas: typeof qnas;
      websites: typeof websites;
      'bot-preview': typeof botPreview;
      unanswered: typeof unanswered;
      'suggested-pairs': typeof suggestedPairs;
    };
  }
}
