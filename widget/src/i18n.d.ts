import 'i18next';
import type widget from './window/en-US.json';

// Keys are checked against the window's English JSON.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'widget';
    resources: { widget: typeof widget };
  }
}
