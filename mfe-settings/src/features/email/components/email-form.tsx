import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { dashboardPaths, type EmailSettings } from 'shared-sdk';
import { Button, Muted, Stack, useToast } from 'shared-ui';
import { apiErrorMessage, TextAreaField, TextField } from 'shared-ui/controls';
import { sendTestMail, updateEmailSettings } from '../api/email-api';
import { CopyText } from '../../../components/copy-text';
import { SwitchLabel } from '../../../components/switch-label';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

/** The e-mail settings an admin changes, and the test mail that shows mail arrives. */
export function EmailForm({
  settings,
  onSaved,
}: {
  settings: EmailSettings;
  onSaved: (settings: EmailSettings) => void;
}) {
  const { t } = useTranslation('email');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [senderName, setSenderName] = useState(settings.senderName ?? '');
  const [senderAddress, setSenderAddress] = useState(settings.senderAddress ?? '');
  const [signature, setSignature] = useState(settings.signature);
  const [botAnswersFirst, setBotAnswersFirst] = useState(settings.botAnswersFirst);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<'idle' | 'sending' | 'arrived' | 'missing'>('idle');
  const [testConversationId, setTestConversationId] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await updateEmailSettings({
        workspaceId: settings.workspaceId,
        senderName: senderName.trim() || null,
        senderAddress: senderAddress.trim(),
        signature,
        botAnswersFirst,
      });
      onSaved(saved);
      toast.success(t('saved'));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('failed')));
    } finally {
      setBusy(false);
    }
  }

  async function sendTest() {
    setTest('sending');
    try {
      const answer = await sendTestMail(settings.workspaceId);
      setTest(answer.arrived ? 'arrived' : 'missing');
      setTestConversationId(answer.conversationId);
    } catch (error) {
      setTest('idle');
      toast.error(apiErrorMessage(tCommon, error, t('testFailed')));
    }
  }

  return (
    <form onSubmit={(event) => void save(event)}>
      <Stack $gap={3}>
        <CopyText label={t('address')} text={settings.inboxAddress} rows={1} />
        <Muted>{t('forwardHint')}</Muted>
        <TextField
          label={t('senderName')}
          hint={t('senderNameHint')}
          value={senderName}
          maxLength={120}
          onChange={(event) => setSenderName(event.target.value)}
        />
        <TextField
          label={t('senderAddress')}
          hint={t('senderAddressHint')}
          type="email"
          value={senderAddress}
          maxLength={254}
          onChange={(event) => setSenderAddress(event.target.value)}
        />
        <TextAreaField
          label={t('signature')}
          value={signature}
          rows={3}
          maxLength={2000}
          onChange={(event) => setSignature(event.target.value)}
        />
        <SwitchLabel>
          <input
            type="checkbox"
            checked={botAnswersFirst}
            onChange={(event) => setBotAnswersFirst(event.target.checked)}
          />
          {t('botFirst')}
        </SwitchLabel>
        <Actions>
          <Button type="submit" disabled={busy}>
            {t('save')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={test === 'sending'}
            onClick={() => void sendTest()}
          >
            {t('sendTest')}
          </Button>
          <span role="status">
            {test === 'sending' ? t('testSending') : null}
            {test === 'arrived' ? t('testArrived') : null}
            {test === 'arrived' && testConversationId ? (
              <>
                {' '}
                <Link
                  to={dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref({
                    workspaceId: settings.workspaceId,
                    conversationId: testConversationId,
                  })}
                >
                  {t('testOpen')}
                </Link>
              </>
            ) : null}
            {test === 'missing' ? t('testMissing') : null}
          </span>
        </Actions>
      </Stack>
    </form>
  );
}
