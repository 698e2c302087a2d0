import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLiveDocs } from 'shared-sdk/live';
import type { CreateWebhookResponse, Webhook } from 'shared-sdk';
import { Badge, Button, Card, Loading, Muted, Stack, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog, formatDateTime, LoadFailed } from 'shared-ui/controls';
import {
  deleteWebhook,
  sendTestEvent,
  updateWebhook,
  webhooksQuery,
} from '../api/integrations-api';
import { CopyText } from '../../../components/copy-text';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;
const Url = styled.h3`
  margin: 0;
  font-size: 1rem;
  overflow-wrap: anywhere;
`;

function lastDelivery(webhook: Webhook, t: ReturnType<typeof useTranslation<'integrations'>>['t']) {
  if (!webhook.lastDeliveryStatus || !webhook.lastDeliveryAt) return t('webhooks.lastDeliveryNone');
  const status = t(`webhooks.${webhook.lastDeliveryStatus}`);
  const when = formatDateTime(webhook.lastDeliveryAt);
  return webhook.lastResponseStatus === null
    ? t('webhooks.lastDeliveryValue', { status, when })
    : t('webhooks.lastDeliveryCode', { status, code: webhook.lastResponseStatus, when });
}

function WebhookItem({
  webhook,
  onEdit,
  onDelete,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const logId = `webhook-log-${webhook.id}`;

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('webhooks.actionFailed')));
    }
  }
  const { workspaceId, id } = webhook;

  return (
    <Card as="li">
      <Stack $gap={3}>
        <Url>{webhook.url}</Url>
        <div>
          <Badge $tone={webhook.paused ? 'closed' : 'open'}>
            {webhook.paused ? t('webhooks.paused') : t('webhooks.active')}
          </Badge>{' '}
          {webhook.paused ? (webhook.pausedReason ?? t('webhooks.pausedByAdmin')) : null}
        </div>
        <Muted>
          {t('webhooks.events')}: {webhook.events.join(', ')}
        </Muted>
        <Muted>
          {t('webhooks.lastDelivery')}: {lastDelivery(webhook, t)}
        </Muted>
        <Actions>
          <Button type="button" $variant="secondary" onClick={onEdit}>
            {t('webhooks.edit')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            onClick={() =>
              void run(
                () => updateWebhook({ workspaceId, webhookId: id, paused: !webhook.paused }),
                webhook.paused ? t('webhooks.resumed_done') : t('webhooks.paused_done'),
              )
            }
          >
            {webhook.paused ? t('webhooks.resume') : t('webhooks.pause')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void run(() => sendTestEvent(workspaceId, id), t('webhooks.testSent'))}
          >
            {t('webhooks.test')}
          </Button>
          <Button
            type="button"
            $variant="secondary"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog(!showLog)}
          >
            {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
          </Button>
          <Button type="button" $variant="ghost" onClick={onDelete}>
            {t('webhooks.delete')}
          </Button>
        </Actions>
        <div id={logId}>
          {showLog ? (
            <WebhookDeliveries workspaceId={workspaceId} webhookId={id} url={webhook.url} />
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; webhook: Webhook } | null;

/** The workspace's webhooks, live: add, change, pause, test, delete, and each one's log. */
export function WebhooksPanel({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useLiveDocs<Webhook>(webhooksQuery(workspaceId));
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<CreateWebhookResponse | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [deleteState, setDeleteState] = useState<{ busy: boolean; error?: string }>({
    busy: false,
  });

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteState({ busy: true });
    try {
      await deleteWebhook(workspaceId, deleting.id);
      toast.success(t('webhooks.deleteDialog.done'));
      setDeleting(null);
      setDeleteState({ busy: false });
      headingRef.current?.focus();
    } catch (error) {
      setDeleteState({
        busy: false,
        error: apiErrorMessage(tCommon, error, t('webhooks.deleteDialog.failed')),
      });
    }
  }

  const loaded = list.status === 'live' || list.status === 'reconnecting';
  return (
    <Card as="section" aria-labelledby="webhooks-heading">
      <Stack $gap={4}>
        <h2 id="webhooks-heading" ref={headingRef} tabIndex={-1}>
          {t('webhooks.heading')}
        </h2>
        <p>{t('webhooks.intro')}</p>
        <div>
          <Button
            type="button"
            aria-expanded={editing?.kind === 'new'}
            onClick={() => setEditing(editing?.kind === 'new' ? null : { kind: 'new' })}
          >
            {editing?.kind === 'new' ? t('webhooks.closeForm') : t('webhooks.add')}
          </Button>
        </div>
        {editing ? (
          <WebhookForm
            key={editing.kind === 'edit' ? editing.webhook.id : 'new'}
            workspaceId={workspaceId}
            webhook={editing.kind === 'edit' ? editing.webhook : undefined}
            onCreated={setSecret}
            onDone={() => setEditing(null)}
          />
        ) : null}
        <div aria-busy={list.status === 'loading'}>
          {list.status === 'loading' ? <Loading label={t('webhooks.loading')} /> : null}
          {list.status === 'error' ? (
            <LoadFailed message={t('webhooks.loadFailed')} onRetry={list.retry} />
          ) : null}
          {loaded && list.docs.length === 0 ? <Muted>{t('webhooks.empty')}</Muted> : null}
          {loaded && list.docs.length > 0 ? (
            <Stack as="ul" $gap={3} aria-label={t('webhooks.listLabel')}>
              {list.docs.map((webhook) => (
                <WebhookItem
                  key={webhook.id}
                  webhook={webhook}
                  onEdit={() => setEditing({ kind: 'edit', webhook })}
                  onDelete={() => {
                    setDeleteState({ busy: false });
                    setDeleting(webhook);
                  }}
                />
              ))}
            </Stack>
          ) : null}
        </div>
      </Stack>
      <ConfirmDialog
        open={secret !== null}
        title={t('secret.title')}
        confirmLabel={t('secret.done')}
        cancelLabel={t('secret.close')}
        onConfirm={() => setSecret(null)}
        onCancel={() => setSecret(null)}
      >
        <p>{t('secret.body')}</p>
        {secret ? <CopyText label={t('secret.label')} text={secret.secret} rows={1} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.deleteDialog.title')}
        confirmLabel={t('webhooks.deleteDialog.confirm')}
        cancelLabel={t('webhooks.deleteDialog.cancel')}
        busy={deleteState.busy}
        busyLabel={t('webhooks.deleteDialog.busy')}
        destructive
        error={deleteState.error}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? t('webhooks.deleteDialog.body', { url: deleting.url }) : null}
      </ConfirmDialog>
    </Card>
  );
}
