import { useTranslation } from 'react-i18next';
import { dashboardPaths } from 'shared-sdk';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Message } from 'shared-sdk/schemas';
import { Loading, Muted } from 'shared-ui';
import { FormattedDateTime, LoadFailed, FieldList } from 'shared-ui/controls';
import { useLiveDocs } from 'shared-sdk/live';

const List = styled.ol`
  display: grid;
  gap: 12px;
  max-height: 480px;
  overflow-y: auto;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Bubble = styled.li<{ $fromCustomer: boolean }>`
  justify-self: ${({ $fromCustomer }) => ($fromCustomer ? 'start' : 'end')};
  max-width: 85%;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme, $fromCustomer }) =>
    $fromCustomer ? theme.colors.surface : theme.colors.background};
  p {
    margin: 4px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

/** spec §3 message "optional form": field name → value. */

/**
 * An external ticket's conversation: its messages live, in timestamp order (spec §3), and a link
 * to answer it in chat takeover.
 */
export function ConversationMessages({
  workspaceId,
  conversationId,
}: {
  workspaceId: string;
  conversationId: string;
}) {
  const { t } = useTranslation('ticket-detail');
  const messages = useLiveDocs<Message>({
    collection: 'messages',
    workspaceId,
    conversationId,
    orderBy: [{ field: 'timestamp', direction: 'asc' }],
  });

  const link = (
    <Link
      to={dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref({
        workspaceId,
        conversationId: conversationId,
      })}
    >
      {t('conversation.open')}
    </Link>
  );
  if (messages.status === 'error') {
    return (
      <>
        <LoadFailed message={t('conversation.failed')} onRetry={messages.retry} />
        {link}
      </>
    );
  }
  if (messages.status === 'loading') {
    return (
      <>
        <Loading label={t('conversation.loading')} />
        {link}
      </>
    );
  }
  return (
    <>
      {messages.docs.length === 0 ? (
        <Muted>{t('conversation.empty')}</Muted>
      ) : (
        <List aria-label={t('conversation.messagesLabel')}>
          {messages.docs.map((message) => (
            <Bubble key={message.id} $fromCustomer={message.role === 'user'}>
              <Meta>
                {t(`conversation.roles.${message.role}`)} ·{' '}
                <FormattedDateTime timestamp={message.timestamp} />
              </Meta>
              {message.content ? <p>{message.content}</p> : null}
              {message.form && Object.keys(message.form).length > 0 ? (
                <FieldList
                  layout="compact"
                  aria-label={t('conversation.form')}
                  items={Object.entries(message.form)}
                />
              ) : null}
              {message.attachments.length > 0 ? (
                <Meta>{t('conversation.attachments', { count: message.attachments.length })}</Meta>
              ) : null}
            </Bubble>
          ))}
        </List>
      )}
      {link}
    </>
  );
}
