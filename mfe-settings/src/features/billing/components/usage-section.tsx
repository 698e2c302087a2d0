import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Billing } from 'shared-sdk';
import { Alert, Muted } from 'shared-ui';
import { SectionCard } from '../../../components/settings-page';
import { formatCount, usageMonthText } from './plan-terms';
import { UsageMeter } from './usage-meter';

const Meters = styled.ul`
  display: grid;
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const OverList = styled.ul`
  margin: 8px 0;
  padding-left: 20px;
`;

type Counted = 'conversations' | 'qnaPairs' | 'products' | 'webPages';
const counted: readonly Counted[] = ['conversations', 'qnaPairs', 'products', 'webPages'];

/** Each count above its plan's limit: seats, then this month's usage. */
function overLimits(billing: Billing) {
  const all = [
    { key: 'seats', used: billing.seats.used, limit: billing.seats.included },
    ...counted.map((key) => ({ key, used: billing.usage[key], limit: billing.limits[key] })),
  ] as const;
  return all.filter(({ used, limit }) => limit !== null && used > limit);
}

/** A warning naming every count over the plan's limit; nothing when all fit. */
export function OverLimitWarning({ billing }: { billing: Billing }) {
  const { t } = useTranslation('billing');
  const over = overLimits(billing);
  if (over.length === 0) return null;
  return (
    <Alert tone="warning">
      <strong>{t('usage.overTitle')}</strong>
      <OverList>
        {over.map(({ key, used, limit }) => (
          <li key={key}>
            {t('usage.over', {
              name: t(`usage.${key}`),
              used: formatCount(used),
              limit: formatCount(limit ?? 0),
            })}
          </li>
        ))}
      </OverList>
      {t('usage.overHint')}
    </Alert>
  );
}

/** This month's conversations (and those the bot resolved), the training and the catalogue. */
export function UsageSection({ billing }: { billing: Billing }) {
  const { t } = useTranslation('billing');
  const titleId = useId();
  const { usage, limits } = billing;
  const percent =
    usage.conversations === 0
      ? 0
      : Math.round((usage.botResolvedConversations / usage.conversations) * 100);
  return (
    <SectionCard as="section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('usage.title', { month: usageMonthText(usage.month) })}</h2>
      <Muted>{t('usage.lead')}</Muted>
      <Meters>
        {counted.map((key) => (
          <UsageMeter key={key} label={t(`usage.${key}`)} used={usage[key]} limit={limits[key]}>
            {key === 'conversations' ? (
              <Muted>
                {usage.botResolvedConversations === 0
                  ? t('usage.botResolvedNone')
                  : t('usage.botResolved', {
                      count: usage.botResolvedConversations,
                      percent,
                    })}
              </Muted>
            ) : null}
          </UsageMeter>
        ))}
      </Meters>
    </SectionCard>
  );
}
