import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  dashboardPaths,
  pendingConversationsLimit,
  pendingConversationsQuery,
  type Conversation,
} from 'shared-sdk';
import { usePendingTitleCount, VisuallyHidden } from 'shared-ui';
import { useLiveDocs } from '../../store/live';
import { useNewPendingAlerts } from './use-new-pending-alerts';
import '../../i18n/dashboard';

const CountLink = styled(Link)<{ $waiting: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 12px;
  font-weight: 700;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme, $waiting }) => ($waiting ? theme.colors.onPrimary : theme.colors.textPrimary)};
  background: ${({ theme, $waiting }) => ($waiting ? theme.colors.primaryBlue : 'transparent')};
  border: 1px solid
    ${({ theme, $waiting }) => ($waiting ? theme.colors.primaryBlue : theme.colors.stroke)};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * The header's count of customers waiting for a person in the current workspace, live on every
 * dashboard page; it also puts the count in the tab's title and alerts the agent to new ones.
 */
export function PendingCount({ workspaceId }: { workspaceId: string }) {
  // Live queries load on first use; the header does not wait for them.
  return (
    <Suspense fallback={null}>
      <LivePendingCount workspaceId={workspaceId} />
    </Suspense>
  );
}

function LivePendingCount({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('shell');
  const { docs, status } = useLiveDocs<Conversation>(pendingConversationsQuery(workspaceId));
  const known = status === 'live' || status === 'reconnecting';
  const count = known ? docs.length : 0;
  usePendingTitleCount(count);
  useNewPendingAlerts(workspaceId, docs, status === 'live');
  // Not a member who may read conversations, or not read yet: nothing to show.
  if (!known) return null;
  const shown = count >= pendingConversationsLimit ? `${pendingConversationsLimit - 1}+` : count;
  return (
    <CountLink
      to={dashboardPaths['dashboard-workspaceId-chat-takeover'].getHref(
        { workspaceId },
        '?status=pending',
      )}
      $waiting={count > 0}
      data-testid="pending-count"
    >
      {t('dashboard.pending.short', { shown })}{' '}
      <VisuallyHidden>{t('dashboard.pending.more')}</VisuallyHidden>
    </CountLink>
  );
}
