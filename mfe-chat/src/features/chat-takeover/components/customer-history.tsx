import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import { useLiveDocs } from 'shared-sdk/live';
import { Muted } from 'shared-ui';
import { LoadFailed } from 'shared-ui/controls';
import { SectionCard } from '../../../components/chat-page';
import { RelativeTime } from 'shared-ui/controls';
import { StatusBadge } from '../../../components/status-badge';

/** How many of the customer's conversations the history shows. */
export const historyLimit = 20;

const List = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: grid;
    gap: 4px;
    padding: 8px 10px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.textPrimary};
    text-decoration: none;
    /* A border, not a tint: the pending badge's colour needs the plain background. */
    &:hover {
      border-color: ${({ theme }) => theme.colors.primaryBlue};
    }
  }
  span {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
`;

const Facts = styled.span`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** The customer's other conversations with the workspace, newest first, one click away. */
export function CustomerHistory({
  workspaceId,
  customerId,
  conversationId,
}: {
  workspaceId: string;
  customerId: string;
  conversationId: string;
}) {
  const { t } = useTranslation('conversation');
  const { search } = useLocation();
  const live = useLiveDocs<Conversation>({
    collection: 'conversations',
    workspaceId,
    where: [{ field: 'customerId', op: '==', value: customerId }],
    orderBy: [{ field: 'updatedAt', direction: 'desc' }],
    limit: historyLimit + 1,
  });
  const earlier = live.docs.filter((conversation) => conversation.id !== conversationId);
  return (
    <SectionCard as="section" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {live.status === 'error' ? (
        <LoadFailed message={t('history.loadFailed')} onRetry={live.retry} />
      ) : null}
      {live.status === 'live' && earlier.length === 0 ? <Muted>{t('history.empty')}</Muted> : null}
      {earlier.length > 0 ? (
        <List>
          {earlier.slice(0, historyLimit).map((conversation) => (
            <li key={conversation.id}>
              <Link
                to={dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref(
                  { workspaceId, conversationId: conversation.id },
                  search,
                )}
              >
                <span>{conversation.lastMessage?.content.trim() || t('history.noMessages')}</span>
                <Facts>
                  <StatusBadge status={conversation.status} />
                  <RelativeTime timestamp={conversation.updatedAt} />
                </Facts>
              </Link>
            </li>
          ))}
        </List>
      ) : null}
    </SectionCard>
  );
}
