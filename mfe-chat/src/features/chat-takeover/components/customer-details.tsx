import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Customer } from 'shared-sdk/schemas';
import { chatNamespace } from '../../../i18n/chat-translations';
import { customerName } from '../../../utils/customer-name';
import { SectionCard } from '../../../components/chat-page';
import { FieldList, FormattedDate } from 'shared-ui/controls';
import { CustomerHistory } from './customer-history';
import { IdentityBadge } from '../../../components/identity-badge';

// Secondary, not disabled, text: it is read, so it keeps WCAG AA contrast.
const NotProvided = styled.span`
  color: ${({ theme }) => theme.colors.textSecondary};
  font-style: italic;
`;

/** What is known of the customer: their document once read, else the names the conversation carries. */
export type CustomerFacts = Pick<Customer, 'firstName' | 'lastName' | 'email' | 'orderId'> &
  Partial<Pick<Customer, 'createdAt' | 'userId'>> & { verified?: boolean };

/** The customer document says it by its user id, the conversation's copy by `verified`. */
export const isVerified = (customer: CustomerFacts) =>
  customer.verified ?? (customer.userId !== undefined && customer.userId !== null);

/**
 * Who the agent is talking to (product-spec.md §3 customer), and their earlier conversations. The dashboard
 * has no phone number or order details for a customer: product-spec.md §3 shows them as placeholder values.
 */
export function CustomerDetails({
  customer,
  workspaceId,
  customerId,
  conversationId,
}: {
  customer: CustomerFacts;
  workspaceId: string;
  customerId: string;
  /** The open conversation: not listed among the earlier ones. */
  conversationId: string;
}) {
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const notProvided = <NotProvided>{t('customer.notProvided')}</NotProvided>;
  return (
    <>
      <SectionCard as="section" aria-labelledby="customer-title">
        <h2 id="customer-title">{t('customer.title')}</h2>
        <FieldList
          layout="stacked"
          items={[
            [t('customer.name'), customerName(customer) ?? tChat('anonymousUser')],
            [t('customer.identity'), <IdentityBadge verified={isVerified(customer)} />],
            [
              t('customer.email'),
              customer.email ? (
                <a href={`mailto:${customer.email}`}>{customer.email}</a>
              ) : (
                notProvided
              ),
            ],
            [
              t('customer.firstSeen'),
              customer.createdAt ? <FormattedDate timestamp={customer.createdAt} /> : notProvided,
            ],
            [t('customer.orderId'), customer.orderId || notProvided],
            [t('customer.phone'), notProvided],
            [t('customer.orderDetails'), notProvided],
          ]}
        />
      </SectionCard>
      <CustomerHistory
        workspaceId={workspaceId}
        customerId={customerId}
        conversationId={conversationId}
      />
    </>
  );
}
