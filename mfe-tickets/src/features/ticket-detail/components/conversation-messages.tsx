import { useTranslation } from 'react-i18next';
import { dashboardPaths } from 'shared-sdk';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Message } from 'shared-sdk/schemas';
import { Loading, Muted } from 'shared-ui';
import {
  FormattedDateTime,
  LoadFailed,
  MessageBubble,
  MessageForm,
  MessageText,
} from 'shared-ui/controls';
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

/** In the bubble's own colour, which each kind of message sets for contrast. */
const Meta = styled.span`
  font-size: 0.8125rem;
`;

/**
 * An external ticket's conversation: its messages live, in timestamp order (product-spec.md §3), and a link
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
            <MessageBubble
              key={message.id}
              kind={message.role}
              sender={t(`conversation.roles.${message.role}`)}
              time={<FormattedDateTime timestamp={message.timestamp} />}
            >
              {message.content ? <MessageText>{message.content}</MessageText> : null}
              <MessageForm form={message.form} label={t('conversation.form')} />
              {message.attachments.length > 0 ? (
                <Meta>{t('conversation.attachments', { count: message.attachments.length })}</Meta>
              ) : null}
            </MessageBubble>
          ))}
        </List>
      )}
      {link}
    </>
  );
}
