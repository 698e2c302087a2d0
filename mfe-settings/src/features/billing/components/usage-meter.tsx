import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Badge } from 'shared-ui';
import { ProgressBar } from 'shared-ui/controls';
import { formatCount } from './plan-terms';

const Item = styled.li`
  display: grid;
  gap: 8px;
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: baseline;
  gap: 4px 12px;
  span:first-child {
    font-weight: 600;
  }
`;

/** A count of what the plan limits ("null": no limit), as numbers and a bar. */
export function UsageMeter({
  label,
  used,
  limit,
  children,
}: {
  label: string;
  used: number;
  limit: number | null;
  /** More about this count, under the bar. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  const over = limit !== null && used > limit;
  const text =
    limit === null
      ? t('usage.noLimit', { used: formatCount(used) })
      : limit === 0
        ? t('usage.notIncluded', { used: formatCount(used) })
        : t('usage.of', { used: formatCount(used), limit: formatCount(limit) });
  return (
    <Item>
      <Head>
        <span>{label}</span>
        <span>{text}</span>
        {over ? <Badge $tone="closed">{t('usage.overBadge')}</Badge> : null}
      </Head>
      {limit !== null && limit > 0 ? <ProgressBar label={label} value={used} max={limit} /> : null}
      {children}
    </Item>
  );
}
