import 'i18next';
import type { CommonResources } from 'shared-ui';
import type settings from './i18n/en-US.json';
import type billing from './features/billing/en-US.json';
import type cannedResponses from './features/canned-responses/en-US.json';
import type changePassword from './features/change-password/en-US.json';
import type email from './features/email/en-US.json';
import type integrations from './features/integrations/en-US.json';
import type customize from './features/customize/en-US.json';
import type language from './features/language/en-US.json';
import type manageUsers from './features/manage-users/en-US.json';
import type myAccount from './features/my-account/en-US.json';
import type workspaceSettings from './features/workspace-settings/en-US.json';

// Keys are checked against the English JSON of every namespace this remote registers (one per
// area, added by the area's page module when it loads; `settings` by the shared building blocks).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: CommonResources;
      settings: typeof settings;
      'my-account': typeof myAccount;
      'change-password': typeof changePassword;
      email: typeof email;
      integrations: typeof integrations;
      language: typeof language;
      'manage-users': typeof manageUsers;
      'workspace-settings': typeof workspaceSettings;
      billing: typeof billing;
      customize: typeof customize;
      'canned-responses': typeof cannedResponses;
    };
  }
}
