// product-spec.md §2: every dashboard route, by its route name, written once. The shell's route table and the
// remotes' links read their paths from here, so a path cannot differ between the two.

type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export interface DashboardPath<Path extends string> {
  /** The react-router pattern. */
  readonly path: Path;
  /** The href with its params filled in (each encoded), plus an optional `?query`. */
  getHref(
    ...args: [ParamsOf<Path>] extends [never]
      ? [params?: Record<string, never>, search?: string]
      : [params: Record<ParamsOf<Path>, string>, search?: string]
  ): string;
}

function dashboardPath<const Path extends string>(path: Path): DashboardPath<Path> {
  return {
    path,
    getHref: (params?: Record<string, string>, search = '') =>
      path.replace(/:(\w+)/g, (_, key: string) => {
        const value = params?.[key];
        if (value === undefined) throw new Error(`${path} needs the param ${key}`);
        return encodeURIComponent(value);
      }) + search,
  };
}

export const dashboardPaths = {
  dashboard: dashboardPath('/dashboard'),
  'dashboard-help': dashboardPath('/dashboard/help'),
  'dashboard-my-account': dashboardPath('/dashboard/my-account'),
  'dashboard-my-account-change-password': dashboardPath('/dashboard/my-account/change-password'),
  'dashboard-my-account-language': dashboardPath('/dashboard/my-account/language'),
  'dashboard-workspaceId': dashboardPath('/dashboard/:workspaceId'),
  'dashboard-workspaceId-ai-training': dashboardPath('/dashboard/:workspaceId/ai-training'),
  'dashboard-workspaceId-chat-takeover': dashboardPath('/dashboard/:workspaceId/chat-takeover'),
  'dashboard-workspaceId-chat-takeover-conversationId': dashboardPath(
    '/dashboard/:workspaceId/chat-takeover/:conversationId',
  ),
  'dashboard-workspaceId-customers': dashboardPath('/dashboard/:workspaceId/customers'),
  'dashboard-workspaceId-customers-customerId': dashboardPath(
    '/dashboard/:workspaceId/customers/:customerId',
  ),
  'dashboard-workspaceId-search': dashboardPath('/dashboard/:workspaceId/search'),
  'dashboard-workspaceId-integrations': dashboardPath('/dashboard/:workspaceId/integrations'),
  'dashboard-workspaceId-products': dashboardPath('/dashboard/:workspaceId/products'),
  'dashboard-workspaceId-reports': dashboardPath('/dashboard/:workspaceId/reports'),
  'dashboard-workspaceId-tickets': dashboardPath('/dashboard/:workspaceId/tickets'),
  'dashboard-workspaceId-tickets-ticketId': dashboardPath(
    '/dashboard/:workspaceId/tickets/:ticketId',
  ),
  'dashboard-workspaceId-settings': dashboardPath('/dashboard/:workspaceId/settings'),
  'dashboard-workspaceId-settings-billing': dashboardPath(
    '/dashboard/:workspaceId/settings/billing',
  ),
  'dashboard-workspaceId-settings-customize': dashboardPath(
    '/dashboard/:workspaceId/settings/customize',
  ),
  'dashboard-workspaceId-settings-email': dashboardPath('/dashboard/:workspaceId/settings/email'),
  'dashboard-workspaceId-settings-canned-responses': dashboardPath(
    '/dashboard/:workspaceId/settings/canned-responses',
  ),
  'dashboard-workspaceId-settings-manage-users': dashboardPath(
    '/dashboard/:workspaceId/settings/manage-users',
  ),
  'dashboard-workspaceId-settings-manage-users-workspaceUserId': dashboardPath(
    '/dashboard/:workspaceId/settings/manage-users/:workspaceUserId',
  ),
} as const;

export type DashboardRouteName = keyof typeof dashboardPaths;
