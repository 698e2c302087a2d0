import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingChange } from 'shared-sdk';
import { Muted } from 'shared-ui';
import { DataTable, FormattedDateTime } from 'shared-ui/controls';
import { SectionCard } from '../../../components/settings-page';

/** The admin behind a change as people read them: their name, else their e-mail address. */
const changedByName = (changedBy: NonNullable<BillingChange['changedBy']>) =>
  [changedBy.firstName, changedBy.lastName].filter((part) => part.trim() !== '').join(' ') ||
  changedBy.email;

/** Every change of plan or period, newest first. */
export function BillingHistory({ history }: { history: BillingChange[] }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const period = (change: BillingChange) =>
    change.fromPeriod === change.toPeriod
      ? t(`periods.${change.toPeriod}`)
      : t('history.fromTo', {
          from: t(`periods.${change.fromPeriod}`),
          to: t(`periods.${change.toPeriod}`),
        });
  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('history.title')}</h2>
      {history.length === 0 ? (
        <Muted>{t('history.empty')}</Muted>
      ) : (
        <DataTable minWidth={640} caption={t('history.caption', { count: history.length })}>
          <thead>
            <tr>
              <th scope="col">{t('history.columns.date')}</th>
              <th scope="col">{t('history.columns.change')}</th>
              <th scope="col">{t('history.columns.period')}</th>
              <th scope="col">{t('history.columns.by')}</th>
              <th scope="col">{t('history.columns.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((change) => (
              <tr key={change.id}>
                <th scope="row">
                  <FormattedDateTime timestamp={change.changedAt} />
                </th>
                <td>
                  {t('history.fromTo', {
                    from: t(`plans.${change.fromPlan}`),
                    to: t(`plans.${change.toPlan}`),
                  })}
                </td>
                <td>{period(change)}</td>
                <td>
                  {change.changedBy ? changedByName(change.changedBy) : t('history.deletedUser')}
                </td>
                <td>
                  <code>{change.providerReference}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </SectionCard>
  );
}
