import { useTranslation } from 'react-i18next';
import type { TicketStatus } from 'shared-sdk/schemas';
import { Badge } from 'shared-ui';
import { ticketsNamespace } from '../i18n/tickets-translations';

/** Open and closed use the theme's ticket badge colours (product-spec.md §1). */
export function StatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation(ticketsNamespace);
  return <Badge $tone={status}>{t(`statuses.${status}`)}</Badge>;
}

export function FollowUpBadge() {
  const { t } = useTranslation(ticketsNamespace);
  return <Badge $tone="neutral">{t('followUp.flag')}</Badge>;
}
