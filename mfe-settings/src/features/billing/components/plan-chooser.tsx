import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  billingPeriods,
  limitCount,
  planById,
  plans,
  type Billing,
  type BillingPeriod,
  type PlanId,
} from 'shared-sdk';
import { Badge, Button, Muted, SegmentedControl, useToast } from 'shared-ui';
import { apiErrorMessage, ConfirmDialog } from 'shared-ui/controls';
import { FormActions, SectionCard } from '../../../components/settings-page';
import { changePlan } from '../api/billing-api';
import { formatCount, planPriceText } from './plan-terms';

const selfServePlans = plans.filter((plan) => plan.selfServe);

const PeriodRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const PlanList = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 8px;
    padding: 0;
    font-weight: 600;
  }
`;

const PlanOption = styled.label<{ $chosen: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 10px;
  align-content: start;
  padding: 16px;
  cursor: pointer;
  border: 2px solid
    ${({ theme, $chosen }) => ($chosen ? theme.colors.primaryBlue : theme.colors.divider)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
  input {
    margin: 4px 0 0;
  }
  > span {
    grid-column: 2;
  }
  strong {
    font-size: 1.125rem;
  }
`;

/** The self-serve plans with their prices for the chosen period; a change is confirmed first. */
export function PlanChooser({
  billing,
  onChanged,
}: {
  billing: Billing;
  onChanged: (billing: Billing) => void;
}) {
  const { t } = useTranslation('billing');
  const { t: tCommon } = useTranslation('common');
  const toast = useToast();
  const titleId = useId();
  const [period, setPeriod] = useState<BillingPeriod>(billing.period);
  const [planId, setPlanId] = useState<PlanId>(
    planById(billing.plan).selfServe ? billing.plan : 'free',
  );
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const unchanged = planId === billing.plan && period === billing.period;
  const chosen = planById(planId);
  const chosenName = t(`plans.${planId}`);
  const seatsIncluded = limitCount(chosen.limits.seats);

  function review(event: FormEvent) {
    event.preventDefault();
    if (unchanged) return;
    setState({ busy: false });
    setOpen(true);
  }

  async function confirm() {
    setState({ busy: true });
    try {
      const next = await changePlan({ workspaceId: billing.workspaceId, plan: planId, period });
      onChanged(next);
      setOpen(false);
      setState({ busy: false });
      toast.success(t('change.done', { plan: chosenName, billed: t(`billed.${period}`) }));
    } catch (error) {
      setState({ busy: false, error: apiErrorMessage(tCommon, error, t('change.failed')) });
    }
  }

  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('change.title')}</h2>
      <Muted>{t('change.lead')}</Muted>
      <form aria-labelledby={titleId} onSubmit={review}>
        <PeriodRow>
          <SegmentedControl
            legend={t('change.period')}
            name="billing-period"
            options={billingPeriods.map((value) => ({ value, label: t(`periods.${value}`) }))}
            value={period}
            onChange={setPeriod}
          />
          <Badge $tone="open">{t('change.yearlyNote')}</Badge>
        </PeriodRow>
        <PlanList>
          <legend>{t('change.plans')}</legend>
          {selfServePlans.map((plan) => {
            const conversations = limitCount(plan.limits.conversationsPerMonth);
            const seats = limitCount(plan.limits.seats);
            const current = plan.id === billing.plan && period === billing.period;
            return (
              <PlanOption key={plan.id} $chosen={plan.id === planId}>
                <input
                  type="radio"
                  name="plan"
                  value={plan.id}
                  checked={plan.id === planId}
                  onChange={() => setPlanId(plan.id)}
                />
                <strong>{t(`plans.${plan.id}`)}</strong>
                <span>{planPriceText(t, plan, period)}</span>
                {conversations !== null ? (
                  <span>
                    {t('change.conversations', { conversations: formatCount(conversations) })}
                  </span>
                ) : null}
                {seats !== null ? <span>{t('change.seats', { count: seats })}</span> : null}
                {current ? (
                  <span>
                    <Badge $tone="neutral">{t('change.current')}</Badge>
                  </span>
                ) : null}
              </PlanOption>
            );
          })}
        </PlanList>
        <FormActions>
          <Button type="submit" disabled={unchanged}>
            {t('change.submit')}
          </Button>
          {unchanged ? <Muted>{t('change.unchanged')}</Muted> : null}
        </FormActions>
      </form>
      <ConfirmDialog
        open={open}
        title={t('change.dialogTitle', { plan: chosenName, billed: t(`billed.${period}`) })}
        confirmLabel={t('change.confirm', { plan: chosenName })}
        cancelLabel={t('change.cancel')}
        busy={state.busy}
        busyLabel={t('change.busy')}
        error={state.error}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>
          {t('change.from', {
            plan: t(`plans.${billing.plan}`),
            billed: t(`billed.${billing.period}`),
          })}
        </p>
        <p>
          {t('change.to', {
            plan: chosenName,
            billed: t(`billed.${period}`),
            price: planPriceText(t, chosen, period),
          })}
        </p>
        {seatsIncluded !== null && billing.seats.used > seatsIncluded ? (
          <p>
            {t('change.seatsAfter', {
              included: t('change.seats', { count: seatsIncluded }),
              used: billing.seats.used,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
