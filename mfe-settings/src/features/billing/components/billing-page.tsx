import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { billingEndpoints } from 'shared-sdk';
import { addTranslations, Loading, usePageTitle } from 'shared-ui';
import { apiErrorMessage, LoadFailed, PageHeader, useApiGet } from 'shared-ui/controls';
import { PageBody } from '../../../components/settings-page';
import en from '../en-US.json';
import { BillingHistory } from './billing-history';
import { CurrentPlan } from './current-plan';
import { PlanChooser } from './plan-chooser';
import { OverLimitWarning, UsageSection } from './usage-section';

addTranslations('billing', en);

/**
 * /dashboard/:workspaceId/settings/billing: the workspace's plan and seats, this month's usage
 * against the plan's limits, changing plan, and the history of changes.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const { t: tCommon } = useTranslation('common');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const { state, retry, setData } = useApiGet(billingEndpoints.get, { workspaceId });

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={t('lead')} />
      <div aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {state.status === 'failed' ? (
          <LoadFailed
            message={apiErrorMessage(tCommon, state.error, t('loadFailed'))}
            onRetry={retry}
          />
        ) : null}
      </div>
      {state.status === 'loaded' ? (
        <>
          <OverLimitWarning billing={state.data} />
          <CurrentPlan billing={state.data} />
          <UsageSection billing={state.data} />
          {/* Keyed by the plan: after a change the chooser starts from the new one. */}
          <PlanChooser
            key={`${state.data.plan}|${state.data.period}`}
            billing={state.data}
            onChanged={(billing) => setData(() => billing)}
          />
          <BillingHistory history={state.data.history} />
        </>
      ) : null}
    </PageBody>
  );
}
