import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { identityVerificationEndpoints, type IdentitySecretResponse } from 'shared-sdk';
import { Button, Card, Loading, Muted, Stack, useToast } from 'shared-ui';
import {
  apiErrorMessage,
  ConfirmDialog,
  formatDateTime,
  LoadFailed,
  useApiGet,
} from 'shared-ui/controls';
import {
  createIdentitySecret,
  identitySnippets,
  rotateIdentitySecret,
  setIdentityRequired,
} from '../api/identity-verification-api';
import { CopyText } from '../../../components/copy-text';
import { SwitchLabel } from '../../../components/switch-label';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * Settings › Integrations › Identity verification: the secret the business's server signs its
 * user ids with (shown once, on creation and on rotation), "Require verified identity", and how
 * to sign (widget/README.md has the same snippets).
 */
export function IdentityVerificationPanel({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const { state, retry, setData } = useApiGet(identityVerificationEndpoints.get, { workspaceId });
  const [secret, setSecret] = useState<IdentitySecretResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);

  async function makeSecret(rotate: boolean) {
    setBusy(true);
    try {
      const answer = rotate
        ? await rotateIdentitySecret(workspaceId)
        : await createIdentitySecret(workspaceId);
      // The page keeps the settings; the secret lives in the dialog only, until it is closed.
      setData(() => ({
        configured: answer.configured,
        required: answer.required,
        createdAt: answer.createdAt,
        rotatedAt: answer.rotatedAt,
        previousSecretExpiresAt: answer.previousSecretExpiresAt,
      }));
      setSecret(answer);
      setConfirmRotate(false);
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('identity.failed')));
    } finally {
      setBusy(false);
    }
  }

  async function changeRequired(required: boolean) {
    setBusy(true);
    try {
      const settings = await setIdentityRequired(workspaceId, required);
      setData(() => settings);
      toast.success(required ? t('identity.requiredOn') : t('identity.requiredOff'));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('identity.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="identity-heading">
      <Stack $gap={4}>
        <h2 id="identity-heading">{t('identity.heading')}</h2>
        <p>{t('identity.intro')}</p>
        <div aria-busy={state.status === 'loading'}>
          {state.status === 'loading' ? <Loading label={t('identity.loading')} /> : null}
          {state.status === 'failed' ? (
            <LoadFailed message={t('identity.loadFailed')} onRetry={retry} />
          ) : null}
          {state.status === 'loaded' ? (
            <Stack $gap={3}>
              {state.data.configured ? (
                <>
                  <p>
                    {t('identity.createdAt', { when: formatDateTime(state.data.createdAt ?? '') })}
                    {state.data.rotatedAt
                      ? ` ${t('identity.rotatedAt', { when: formatDateTime(state.data.rotatedAt) })}`
                      : null}
                  </p>
                  {state.data.previousSecretExpiresAt ? (
                    <Muted>
                      {t('identity.previousUntil', {
                        when: formatDateTime(state.data.previousSecretExpiresAt),
                      })}
                    </Muted>
                  ) : null}
                  <Muted>{t('identity.hiddenSecret')}</Muted>
                </>
              ) : (
                <Muted>{t('identity.none')}</Muted>
              )}
              <Actions>
                {state.data.configured ? (
                  <Button
                    type="button"
                    $variant="secondary"
                    disabled={busy}
                    onClick={() => setConfirmRotate(true)}
                  >
                    {t('identity.rotate')}
                  </Button>
                ) : (
                  <Button type="button" disabled={busy} onClick={() => void makeSecret(false)}>
                    {t('identity.create')}
                  </Button>
                )}
              </Actions>
              <SwitchLabel>
                <input
                  type="checkbox"
                  checked={state.data.required}
                  disabled={busy || !state.data.configured}
                  aria-describedby="identity-required-hint"
                  onChange={(event) => void changeRequired(event.target.checked)}
                />
                {t('identity.required')}
              </SwitchLabel>
              <Muted id="identity-required-hint">
                {state.data.configured
                  ? t('identity.requiredHint')
                  : t('identity.requiredNeedsSecret')}
              </Muted>
            </Stack>
          ) : null}
        </div>
        <h3>{t('identity.howHeading')}</h3>
        <p>{t('identity.how')}</p>
        {identitySnippets.map(({ language, text }) => (
          <CopyText
            key={language}
            label={t('identity.snippetLabel', { language })}
            text={text}
            rows={text.split('\n').length}
          />
        ))}
        <p>{t('identity.expiry')}</p>
        <CopyText label={t('identity.pageLabel')} text={identitySnippets.page} rows={4} />
      </Stack>
      <ConfirmDialog
        open={confirmRotate}
        title={t('identity.rotateDialog.title')}
        confirmLabel={t('identity.rotateDialog.confirm')}
        cancelLabel={t('identity.rotateDialog.cancel')}
        busy={busy}
        busyLabel={t('identity.rotateDialog.busy')}
        onConfirm={() => void makeSecret(true)}
        onCancel={() => setConfirmRotate(false)}
      >
        {t('identity.rotateDialog.body')}
      </ConfirmDialog>
      <ConfirmDialog
        open={secret !== null}
        title={t('identity.secretDialog.title')}
        confirmLabel={t('identity.secretDialog.done')}
        cancelLabel={t('identity.secretDialog.close')}
        onConfirm={() => setSecret(null)}
        onCancel={() => setSecret(null)}
      >
        <p>{t('identity.secretDialog.body')}</p>
        {secret ? (
          <CopyText label={t('identity.secretDialog.label')} text={secret.secret} rows={1} />
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
