import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ConversationStatus } from 'shared-sdk/schemas';
import { Badge } from 'shared-ui';
import { chatNamespace } from '../i18n/chat-translations';

/** Pending conversations wait for a person: their badge stands out (product-spec.md §4). */
const PendingBadge = styled(Badge)`
  color: ${({ theme }) => theme.colors.yellow};
  background: transparent;
  box-shadow: inset 0 0 0 1.5px ${({ theme }) => theme.colors.yellow};
`;

export function StatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useTranslation(chatNamespace);
  const label = t(`statuses.${status}`);
  if (status === 'pending') return <PendingBadge>{label}</PendingBadge>;
  return <Badge $tone={status === 'open' ? 'open' : 'closed'}>{label}</Badge>;
}
