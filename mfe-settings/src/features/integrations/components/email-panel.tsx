import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { emailEndpoints, type EmailSettings } from 'shared-sdk';
import { Button, Card, Loading, Muted, Stack, useToast } from 'shared-ui';
import {
  apiErrorMessage,
  LoadFailed,
  TextAreaField,
  TextField,
  useApiGet,
} from 'shared-ui/controls';
import { sendTestMail, updateEmailSettings } from '../api/email-api';
import { CopyText } from './copy-text';

const Switch = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

function EmailForm({
  settings,
  onSaved,
}: {
  settings: EmailSettings;
  onSaved: (settings: EmailSettings) => void;
}) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [senderName, setSenderName] = useState(settings.senderName ?? '');
  const [senderAddress, setSenderAddress] = useState(settings.senderAddress ?? '');
  const [signature, setSignature] = useState(settings.signature);
  const [botAnswersFirst, setBotAnswersFirst] = useState(settings.botAnswersFirst);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<'idle' | 'sending' | 'arrived' | 'missing'>('idle');

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
      toast.success(t('email.saved'));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('email.failed')));
    } finally {
      setBusy(false);
    }
  }

  async function sendTest() {
    setTest('sending');
    try {
      const answer = await sendTestMail(settings.workspaceId);
      setTest(answer.arrived ? 'arrived' : 'missing');
    } catch (error) {
      setTest('idle');
      toast.error(apiErrorMessage(tCommon, error, t('email.testFailed')));
    }
  }

  return (
    <form onSubmit={(event) => void save(event)}>
      <Stack $gap={3}>
        <CopyText label={t('email.address')} text={settings.inboxAddress} rows={1} />
        <Muted>{t('email.forwardHint')}</Muted>
        <TextField
          label={t('email.senderName')}
          hint={t('email.senderNameHint')}
          value={senderName}
          maxLength={120}
          onChange={(event) => setSenderName(event.target.value)}
        />
        <TextField
          label={t('email.senderAddress')}
          hint={t('email.senderAddressHint')}
          type="email"
          value={senderAddress}
          maxLength={254}
          onChange={(event) => setSenderAddress(event.target.value)}
        />
        <TextAreaField
          label={t('email.signature')}
          value={signature}
          rows={3}
          maxLength={2000}
          onChange={(event) => setSignature(event.target.value)}
        />
        <Switch>
          <input
            type="checkbox"
            checked={botAnswersFirst}
            onChange={(event) => setBotAnswersFirst(event.target.checked)}
          />
          {t('email.botFirst')}
        </Switch>
        <Actions>
          <Button type="submit" disabled={busy}>
            {t('email.save')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={test === 'sending'}
            onClick={() => void sendTest()}
          >
            {t('email.sendTest')}
          </Button>
          <span role="status">
            {test === 'sending' ? t('email.testSending') : null}
            {test === 'arrived' ? t('email.testArrived') : null}
            {test === 'missing' ? t('email.testMissing') : null}
          </span>
        </Actions>
      </Stack>
    </form>
  );
}

/**
 * Settings › E-mail: the workspace's own address (the business forwards its support mailbox to
 * it), who replies come from, a signature, "Let the bot answer e-mail first", and a test mail
 * sent through the receiver to show mail arrives.
 */
export function EmailPanel({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('integrations');
  const { state, retry, setData } = useApiGet(emailEndpoints.getSettings, { workspaceId });
  return (
    <Card as="section" aria-labelledby="email-heading">
      <Stack $gap={4}>
        <h2 id="email-heading">{t('email.heading')}</h2>
        <p>{t('email.intro')}</p>
        <div aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? <Loading label={t('email.loading')} /> : null}
          {state.status === 'failed' ? (
            <LoadFailed message={t('email.loadFailed')} onRetry={retry} />
          ) : null}
          {state.status === 'loaded' ? (
            <EmailForm settings={state.data} onSaved={(saved) => setData(() => saved)} />
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
