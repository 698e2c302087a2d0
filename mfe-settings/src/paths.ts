import { generatePath } from 'react-router-dom';

// The routes this remote's pages live at (spec §2) and links between them. The shell owns the
// route table; these must match it.
export const paths = {
  myAccount: { path: '/dashboard/my-account', getHref: () => '/dashboard/my-account' },
  changePassword: {
    path: '/dashboard/my-account/change-password',
    getHref: () => '/dashboard/my-account/change-password',
  },
  language: {
    path: '/dashboard/my-account/language',
    getHref: () => '/dashboard/my-account/language',
  },
  manageUsers: {
    path: '/dashboard/:workspaceId/settings/manage-users',
    getHref: (workspaceId: string) =>
      generatePath('/dashboard/:workspaceId/settings/manage-users', { workspaceId }),
  },
  workspaceUser: {
    path: '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
    getHref: (workspaceId: string, workspaceUserId: string) =>
      generatePath('/dashboard/:workspaceId/settings/manage-users/:workspaceUserId', {
        workspaceId,
        workspaceUserId,
      }),
  },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
} as const;
