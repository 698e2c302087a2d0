import { useLocation } from 'react-router-dom';
import type { WorkspaceUser } from 'shared-sdk';
import { workspaceIdOf } from '../../app/route-guard';
import { useAppSelector } from '../../store/hooks';
import { selectMemberships } from '../../store/workspaces-slice';

const lastWorkspaceKey = 'parley.workspaceId';

export function rememberWorkspace(workspaceId: string) {
  try {
    window.localStorage.setItem(lastWorkspaceKey, workspaceId);
  } catch {
    // Not remembered; the first workspace is used next time.
  }
}

function lastWorkspace(): string | null {
  try {
    return window.localStorage.getItem(lastWorkspaceKey);
  } catch {
    return null;
  }
}

/** The workspace the dashboard is showing: the one in the URL, else the last used, else the first. */
export function useCurrentWorkspace(): WorkspaceUser | undefined {
  const { pathname } = useLocation();
  const memberships = useAppSelector(selectMemberships);
  const wanted = workspaceIdOf(pathname) ?? lastWorkspace();
  return memberships.find((link) => link.workspaceId === wanted) ?? memberships[0];
}
