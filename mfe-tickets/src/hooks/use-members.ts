import { workspaceUserEndpoints } from 'shared-sdk';
import type { Member } from '../api/tickets-api';
import { useApiGet } from 'shared-ui/controls';

/** The workspace's members (admins only, like the tickets pages), for assignee names and the assignee picker; undefined until loaded. */
export function useMembers(workspaceId: string): {
  members: Member[] | undefined;
  failed: boolean;
  retry: () => void;
} {
  const { state, retry } = useApiGet(workspaceUserEndpoints.list, { workspaceId });
  return {
    members: state.status === 'loaded' ? state.data : undefined,
    failed: state.status === 'failed',
    retry,
  };
}
