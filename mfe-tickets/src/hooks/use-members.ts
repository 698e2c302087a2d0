import type { WorkspaceUser } from 'shared-sdk';
import { workspaceMembersPath, type Member } from '../components/tickets-api';
import { useApiGet } from 'shared-ui';

/** The workspace's members, for assignee names and the assignee picker; undefined until loaded. */
export function useMembers(workspaceId: string): {
  members: Member[] | undefined;
  failed: boolean;
  retry: () => void;
} {
  const { state, retry } = useApiGet<WorkspaceUser[]>(workspaceMembersPath(workspaceId));
  return {
    members: state.status === 'loaded' ? state.data : undefined,
    failed: state.status === 'failed',
    retry,
  };
}
