import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { MessageEmail } from 'shared-sdk/schemas';
import { Button, useToast } from 'shared-ui';
import { apiErrorMessage } from 'shared-ui/controls';
import { retryEmailReply } from '../api/email-api';

const Meta = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px 8px;
  margin: 0;
  font-size: 0.8125rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const Warning = styled.p`
  margin: 0;
  padding: 4px 8px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textPrimary};
  border-left: 4px solid ${({ theme }) => theme.colors.red};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The mail's own HTML, in the page's colours so it reads in light and dark mode alike. */
const Html = styled.div`
  padding: 8px;
  color: ${({ theme }) => theme.colors.textPrimary};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow-x: auto;
  * {
    color: inherit !important;
    background: transparent !important;
  }
  a {
    text-decoration: underline;
  }
  img {
    max-width: 100%;
    height: auto;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.8125rem;
`;

/**
 * The mail's HTML as the server sanitized it (no scripts or event handlers; links open in a new
 * tab with noopener). Remote images wait in data-remote-src until the agent asks: loading them
 * would tell the sender the mail was read.
 */
function MailHtml({ html }: { html: string }) {
  const { t } = useTranslation('conversation');
  const [showImages, setShowImages] = useState(false);
  const hasImages = html.includes('data-remote-src=');
  const shown = showImages ? html.replace(/ data-remote-src=/g, ' src=') : html;
  return (
    <>
      {hasImages && !showImages ? (
        <Row>
          <span>{t('email.imagesHidden')}</span>
          <Button type="button" $variant="secondary" onClick={() => setShowImages(true)}>
            {t('email.showImages')}
          </Button>
        </Row>
      ) : null}
      <Html data-mail-html dangerouslySetInnerHTML={{ __html: shown }} />
    </>
  );
}

function Delivery({
  messageId,
  delivery,
}: {
  messageId: string;
  delivery: NonNullable<MessageEmail['delivery']>;
}) {
  const { t } = useTranslation('conversation');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const { workspaceId = '' } = useParams();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      await retryEmailReply(workspaceId, messageId);
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('email.retryFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Row role="status">
      {delivery.status === 'sending' ? <span>{t('email.sending')}</span> : null}
      {delivery.status === 'sent' ? <span>{t('email.sent')}</span> : null}
      {delivery.status === 'failed' ? (
        <>
          <Warning as="span">{t('email.failed', { reason: delivery.error ?? '' })}</Warning>
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void retry()}>
            {t('email.retry')}
          </Button>
        </>
      ) : null}
    </Row>
  );
}

/** What a message carries as a mail: subject and sender, warnings, its HTML, its delivery. */
export function EmailDetails({ messageId, email }: { messageId: string; email: MessageEmail }) {
  const { t } = useTranslation('conversation');
  return (
    <>
      <Meta aria-label={t('email.label')}>
        {email.from ? (
          <>
            <dt>{t('email.from')}</dt>
            <dd>{email.from}</dd>
          </>
        ) : null}
        <dt>{t('email.to')}</dt>
        <dd>{email.to}</dd>
        <dt>{t('email.subject')}</dt>
        <dd>{email.subject}</dd>
      </Meta>
      {email.authFailure ? (
        <Warning>{t('email.authFailure', { checks: email.authFailure })}</Warning>
      ) : null}
      {email.automatic ? <Warning>{t(`email.automatic.${email.automatic}`)}</Warning> : null}
      {email.html ? <MailHtml html={email.html} /> : null}
      {email.delivery ? <Delivery messageId={messageId} delivery={email.delivery} /> : null}
    </>
  );
}
