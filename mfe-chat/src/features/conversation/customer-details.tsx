import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Customer } from 'shared-sdk/schemas';
import { chatNamespace } from '../../components/chat-translations';
import { customerName } from '../../components/customer-name';
import { SectionCard } from '../../components/chat-page';

const Details = styled.dl`
  display: grid;
  gap: 4px;
  margin: 0;
  dt {
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  dd {
    margin: 0 0 8px;
    overflow-wrap: anywhere;
  }
`;

const NotProvided = styled.span`
  color: ${({ theme }) => theme.colors.textDisabled};
`;

/**
 * Who the agent is talking to (spec §3 customer). The dashboard has no phone number or order
 * details for a customer: spec §3 shows them as placeholder values.
 */
export function CustomerDetails({
  customer,
}: {
  customer: Pick<Customer, 'firstName' | 'lastName' | 'email' | 'orderId'>;
}) {
  const { t } = useTranslation('conversation');
  const { t: tChat } = useTranslation(chatNamespace);
  const notProvided = <NotProvided>{t('customer.notProvided')}</NotProvided>;
  return (
    <SectionCard as="section" aria-labelledby="customer-title">
      <h2 id="customer-title">{t('customer.title')}</h2>
      <Details>
        <dt>{t('customer.name')}</dt>
        <dd>{customerName(customer) ?? tChat('anonymousUser')}</dd>
        <dt>{t('customer.email')}</dt>
        <dd>
          {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : notProvided}
        </dd>
        <dt>{t('customer.orderId')}</dt>
        <dd>{customer.orderId || notProvided}</dd>
        <dt>{t('customer.phone')}</dt>
        <dd>{notProvided}</dd>
        <dt>{t('customer.orderDetails')}</dt>
        <dd>{notProvided}</dd>
      </Details>
    </SectionCard>
  );
}
