import 'i18next';
import type { CommonResources } from 'shared-ui';
import type shell from './i18n/en-US.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: CommonResources; shell: typeof shell };
  }
}
