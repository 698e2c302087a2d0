import type { KeyboardEvent, RefObject } from 'react';
import { dashboardPaths } from 'shared-sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Conversation } from 'shared-sdk/schemas';
import { Badge, up, VisuallyHidden } from 'shared-ui';
import { chatNamespace } from '../../../i18n/chat-translations';
import { customerName } from '../../../utils/customer-name';
import { RelativeTime } from 'shared-ui/controls';
import { StatusBadge } from '../../../components/status-badge';
import { IdentityBadge } from '../../../components/identity-badge';
import { unreadCount } from '../utils/takeover-list';

const List = styled.ol`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled(Link)<{ $pending: boolean }>`
  display: grid;
  /* The open conversation: a ring, not a tint (the pending badge's colour needs the plain
     background for its contrast). */
  &[aria-current='page'] {
    box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.primaryBlue};
  }
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 4px 16px;
  padding: 12px 16px;
  color: ${({ theme }) => theme.colors.textPrimary};
  text-decoration: none;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-left: 4px solid
    ${({ theme, $pending }) => ($pending ? theme.colors.yellow : theme.colors.divider)};
  border-radius: ${({ theme }) => theme.radii.md};
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  ${up('md')} {
    padding: 14px 20px;
  }
`;

const Name = styled.span`
  font-weight: 700;
  overflow-wrap: anywhere;
`;

const Preview = styled.span`
  grid-column: 1;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Assignee = styled.span`
  grid-column: 1;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Meta = styled.span`
  grid-column: 2;
  grid-row: 1 / span 3;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 6px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Unread = styled.span`
  min-width: 24px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 700;
  text-align: center;
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primaryBlue};
`;

/**
 * Moves focus `step` rows down (1) or up (-1) the list; from outside it, to the open
 * conversation's row, else to the first or last row.
 */
export function focusListRow(list: HTMLOListElement | null, step: 1 | -1) {
  const links = Array.from(list?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  if (links.length === 0) return;
  const focused = links.findIndex((link) => link === document.activeElement);
  const open = links.findIndex((link) => link.getAttribute('aria-current') === 'page');
  const from = focused >= 0 ? focused : open;
  const next = from < 0 ? (step === 1 ? 0 : links.length - 1) : from + (focused >= 0 ? step : 0);
  links[Math.min(links.length - 1, Math.max(0, next))]?.focus();
}

/**
 * The takeover list: one link per conversation, in the order given, the open one marked. Up and
 * down arrows move between rows, Home and End to the first and last.
 */
export function ConversationList({
  workspaceId,
  conversations,
  currentUserId,
  assigneeName,
  openId,
  search,
  listRef,
}: {
  workspaceId: string;
  conversations: Conversation[];
  currentUserId: string | undefined;
  assigneeName: (userId: string) => string;
  /** The conversation open beside the list. */
  openId: string | undefined;
  /** The list's filter (`?status=pending`), kept when a conversation is opened. */
  search: string;
  listRef: RefObject<HTMLOListElement | null>;
}) {
  const { t } = useTranslation('chat-takeover');

  function moveFocus(event: KeyboardEvent<HTMLOListElement>) {
    const moves: Record<string, (index: number, count: number) => number> = {
      ArrowDown: (index, count) => Math.min(count - 1, index + 1),
      ArrowUp: (index) => Math.max(0, index - 1),
      Home: () => 0,
      End: (_, count) => count - 1,
    };
    const move = moves[event.key];
    const links = Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
    const index = links.findIndex((link) => link === document.activeElement);
    if (!move || index < 0) return;
    event.preventDefault();
    links[move(index, links.length)]?.focus();
  }

  return (
    <>
      <VisuallyHidden id="conversation-list-hint">{t('list.keyboardHint')}</VisuallyHidden>
      <List
        ref={listRef}
        aria-label={t('list.label')}
        aria-describedby="conversation-list-hint"
        onKeyDown={moveFocus}
      >
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              workspaceId={workspaceId}
              conversation={conversation}
              unread={unreadCount(conversation, currentUserId)}
              open={conversation.id === openId}
              search={search}
              assignee={conversation.assigneeId ? assigneeName(conversation.assigneeId) : undefined}
            />
          </li>
        ))}
      </List>
    </>
  );
}

function ConversationRow({
  workspaceId,
  conversation,
  unread,
  open,
  search,
  assignee,
}: {
  workspaceId: string;
  conversation: Conversation;
  unread: number;
  open: boolean;
  search: string;
  /** Who answers it; undefined: unassigned. */
  assignee: string | undefined;
}) {
  const { t } = useTranslation('chat-takeover');
  const { t: tChat } = useTranslation(chatNamespace);
  const { lastMessage } = conversation;
  const preview = lastMessage
    ? t('list.lastMessage', {
        sender: tChat(`roles.${lastMessage.role}`),
        content: lastMessage.content.trim() || t('list.withoutText'),
      })
    : t('list.noMessages');
  return (
    <Row
      to={dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref(
        { workspaceId, conversationId: conversation.id },
        search,
      )}
      aria-current={open ? 'page' : undefined}
      $pending={conversation.status === 'pending'}
    >
      <Name>{customerName(conversation.customer) ?? tChat('anonymousUser')}</Name>
      <Preview>{preview}</Preview>
      {assignee ? <Assignee>{t('list.assignedTo', { name: assignee })}</Assignee> : null}
      <Meta>
        <StatusBadge status={conversation.status} />
        <IdentityBadge verified={conversation.customer.verified} />
        {conversation.channel === 'email' ? (
          <Badge $tone="neutral" title={conversation.subject ?? undefined}>
            {t('list.email')}
          </Badge>
        ) : null}
        <span>
          <VisuallyHidden>{t('list.updated')} </VisuallyHidden>
          <RelativeTime timestamp={conversation.updatedAt} />
        </span>
        {unread > 0 ? (
          <Unread>
            <span aria-hidden="true">{unread}</span>
            <VisuallyHidden>{t('list.unread', { count: unread })}</VisuallyHidden>
          </Unread>
        ) : null}
      </Meta>
    </Row>
  );
}
