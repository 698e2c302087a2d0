import 'i18next';
import type { CommonResources } from 'shared-ui';
import type auth from './i18n/auth.en-US.json';
import type dashboard from './i18n/dashboard.en-US.json';
import type shell from './i18n/en-US.json';
import type help from './i18n/help.en-US.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      shell: typeof shell & typeof auth & typeof dashboard & typeof help;
    };
  }
}
