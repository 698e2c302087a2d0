import exposes from '../../exposes.json';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import {
  buildBilling,
  buildChatbot,
  buildEmailSettings,
  buildMembers,
  buildPasswordPolicy,
  buildUser,
  buildWorkspace,
} from '@testing/data-generators';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { describeExposedPages } from '@testing/exposed-pages';
import { signIn } from '@testing/sign-in';

// Paths inside the dashboard these pages may link to.
const dashboardPaths = [
  /^\/dashboard\/my-account(\/(change-password|language))?$/,
  /^\/dashboard\/[^/]+\/settings\/manage-users(\/[^/]+)?$/,
];

describeExposedPages({
  exposes,
  // The pages the shell mounts (product-spec.md §2), where each one lives and the title it sets.
  pages: {
    './my-account-page': { route: '/dashboard/my-account', title: 'My account' },
    './change-password-page': {
      route: '/dashboard/my-account/change-password',
      title: 'Change password',
    },
    './canned-responses-page': {
      route: '/dashboard/ws_fernhill/settings/canned-responses',
      path: '/dashboard/:workspaceId/settings/canned-responses',
      title: 'Saved replies',
    },
    './integrations-page': {
      route: '/dashboard/ws_fernhill/integrations',
      path: '/dashboard/:workspaceId/integrations',
      title: 'Integrations',
    },
    './email-page': {
      route: '/dashboard/ws_fernhill/settings/email',
      path: '/dashboard/:workspaceId/settings/email',
      title: 'E-mail',
    },
    './language-page': { route: '/dashboard/my-account/language', title: 'Language' },
    './billing-page': {
      route: '/dashboard/ws_fernhill/settings/billing',
      path: '/dashboard/:workspaceId/settings/billing',
      title: 'Billing',
    },
    './manage-users-page': {
      route: '/dashboard/ws_fernhill/settings/manage-users',
      path: '/dashboard/:workspaceId/settings/manage-users',
      title: 'Manage users',
    },
    './customize-page': {
      route: '/dashboard/ws_fernhill/settings/customize',
      path: '/dashboard/:workspaceId/settings/customize',
      title: 'Customize chatbot',
    },
    './workspace-settings-page': {
      route: '/dashboard/ws_fernhill/settings',
      path: '/dashboard/:workspaceId/settings',
      title: 'Workspace settings',
    },
    './workspace-user-page': {
      route: '/dashboard/ws_fernhill/settings/manage-users/wsu_grace',
      path: '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
      title: 'Grace Hopper',
    },
  },
  load: (file) => import(`./${file}`),
  async arrange() {
    fakeApi((request) => {
      if (request.url === '/api/user/profile') return { status: 200, body: buildUser() };
      if (request.url === '/api/auth/password-policy') {
        return { status: 200, body: buildPasswordPolicy() };
      }
      if (request.url === '/api/user/widget-installs?workspaceId=ws_fernhill') {
        return { status: 200, body: { installs: [] } };
      }
      if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
        return { status: 200, body: buildMembers() };
      }
      if (request.url === '/api/user/email-settings?workspaceId=ws_fernhill') {
        return { status: 200, body: buildEmailSettings() };
      }
      if (request.url === '/api/user/billing?workspaceId=ws_fernhill') {
        return { status: 200, body: buildBilling() };
      }
      return notFoundReply(request);
    });
    connectFakeLiveCollections({
      workspaces: [{ ...buildWorkspace({ id: 'ws_fernhill' }) }],
      webhooks: [],
      canned_responses: [],
      webhook_deliveries: [],
      chatbots: [{ ...buildChatbot() }],
    });
    await signIn();
  },
  mayLinkTo: (href) => dashboardPaths.some((path) => path.test(href)),
});
