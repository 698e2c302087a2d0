import { useTranslation } from 'react-i18next';
import { useLiveDocs } from 'shared-sdk/live';
import type { WebhookDelivery } from 'shared-sdk';
import { Badge, Button, Loading, Muted, useToast } from 'shared-ui';
import { apiErrorMessage, DataTable, FormattedDateTime, LoadFailed } from 'shared-ui/controls';
import { deliveriesQuery, resendDelivery } from '../api/integrations-api';

/** One webhook's latest deliveries, live, with their latest try; each can be sent again. */
export function WebhookDeliveries({
  workspaceId,
  webhookId,
  url,
}: {
  workspaceId: string;
  webhookId: string;
  url: string;
}) {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const log = useLiveDocs<WebhookDelivery>(deliveriesQuery(workspaceId, webhookId));

  async function resend(delivery: WebhookDelivery) {
    try {
      await resendDelivery(workspaceId, delivery.id);
      toast.success(t('log.resent'));
    } catch (error) {
      toast.error(apiErrorMessage(tCommon, error, t('log.resendFailed')));
    }
  }

  if (log.status === 'loading') return <Loading label={t('log.loading')} />;
  if (log.status === 'error')
    return <LoadFailed message={t('log.loadFailed')} onRetry={log.retry} />;
  if (log.docs.length === 0) return <Muted>{t('log.empty')}</Muted>;
  return (
    <DataTable caption={t('log.caption', { url })} minWidth={720}>
      <thead>
        <tr>
          <th scope="col">{t('log.event')}</th>
          <th scope="col">{t('log.time')}</th>
          <th scope="col">{t('log.status')}</th>
          <th scope="col">{t('log.response')}</th>
          <th scope="col">{t('log.try')}</th>
          <th scope="col">{t('log.duration')}</th>
          <th scope="col">{t('log.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {log.docs.map((delivery) => {
          const latest = delivery.attempts.at(-1);
          return (
            <tr key={delivery.id}>
              <td>{delivery.event}</td>
              <td>
                <FormattedDateTime timestamp={latest?.at ?? delivery.createdAt} />
              </td>
              <td>
                <Badge $tone={delivery.status === 'failed' ? 'closed' : 'open'}>
                  {t(`webhooks.${delivery.status}`)}
                </Badge>
              </td>
              <td>
                {latest
                  ? [latest.responseStatus ?? t('log.noAnswer'), latest.error]
                      .filter(Boolean)
                      .join(': ')
                  : '—'}
              </td>
              <td>{latest?.number ?? '—'}</td>
              <td>{latest ? t('log.durationValue', { ms: latest.durationMs }) : '—'}</td>
              <td>
                <Button type="button" $variant="secondary" onClick={() => void resend(delivery)}>
                  {t('log.resend')}
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
