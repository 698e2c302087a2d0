import { matchPath } from 'react-router-dom';

// product-spec.md §2: routes open to any signed-in user. The routes needing workspace-admin rights are
// those with a workspace in the URL (the spec's list: dashboard-workspaceId, its tickets and
// chat-takeover routes; "dashboard" itself names no workspace, so there is nothing to check).
export const signedInRouteNames = new Set([
  'dashboard-my-account',
  'dashboard-my-account-change-password',
  'dashboard-my-account-language',
  'dashboard-help',
]);
export const authOnlyRouteNames = new Set(['login', 'forgot-password', 'signup']);
export const defaultRedirect = '/dashboard';

/** product-spec.md §2: route names may carry a locale suffix (e.g. "dashboard___en-US"), stripped first. */
export const stripLocaleSuffix = (name: string) => name.replace(/___[a-zA-Z-]+$/, '');

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; replace: boolean }
  /** Allowed only for an admin of the workspace; others go to `deniedTo`. */
  | { kind: 'require-admin'; workspaceId: string; deniedTo: string };

export interface GuardInput {
  /** The matched route's name, or undefined for a path no route matches. */
  routeName: string | undefined;
  pathname: string;
  search: string;
  signedIn: boolean;
}

/** Any path of the signed-in dashboard, a route's or an unknown one. */
export const isDashboardPath = (pathname: string) =>
  pathname === '/dashboard' || pathname.startsWith('/dashboard/');

/** Only same-site paths are followed, so a crafted link cannot send a user elsewhere. */
function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** The workspace a dashboard path is scoped to, if any (/dashboard/{workspaceId}/…). */
export function workspaceIdOf(pathname: string): string | undefined {
  const match = matchPath('/dashboard/:workspaceId/*', pathname);
  const id = match?.params.workspaceId;
  return id && id !== 'help' && id !== 'my-account' ? id : undefined;
}

/** product-spec.md §2 route guard, as a pure decision. */
export function decideRoute({ routeName, pathname, search, signedIn }: GuardInput): GuardDecision {
  const name = routeName === undefined ? undefined : stripLocaleSuffix(routeName);
  const requested = `${pathname}${search}`;
  const dashboard = isDashboardPath(pathname);

  if (!signedIn) {
    return dashboard
      ? { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(requested)}`, replace: true }
      : { kind: 'allow' };
  }
  if (name !== undefined && authOnlyRouteNames.has(name)) {
    const redirect = safeRedirect(new URLSearchParams(search).get('redirect'));
    return { kind: 'redirect', to: redirect ?? defaultRedirect, replace: true };
  }
  if (!dashboard) {
    // Unknown paths still show the 404 page; known public pages send a signed-in user in.
    return name === undefined
      ? { kind: 'allow' }
      : { kind: 'redirect', to: defaultRedirect, replace: true };
  }
  if (name !== undefined && signedInRouteNames.has(name)) return { kind: 'allow' };
  // Workspace-scoped routes (the admin route names and every other route under a workspace)
  // need the user to be admin of the workspace in the URL.
  const workspaceId = workspaceIdOf(pathname);
  if (workspaceId) {
    return {
      kind: 'require-admin',
      workspaceId,
      deniedTo: `${defaultRedirect}?redirect=${encodeURIComponent(requested)}`,
    };
  }
  return { kind: 'allow' };
}
