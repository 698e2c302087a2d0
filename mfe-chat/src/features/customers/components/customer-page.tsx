import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { customerEndpoints, dashboardPaths } from 'shared-sdk';
import type { CustomerDetails } from 'shared-sdk/schemas';
import {
  addTranslations,
  Alert,
  Button,
  Loading,
  Muted,
  Spinner,
  up,
  usePageTitle,
} from 'shared-ui';
import {
  apiErrorMessage,
  BackLink,
  FieldList,
  formatDate,
  formatDateTime,
  LoadFailed,
  PageHeader,
  useApiGet,
} from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/chat-page';
import { chatNamespace } from '../../../i18n/chat-translations';
import { exportCustomer } from '../api/customers-api';
import { customerLabel } from '../customer-display';
import { CustomerDetailsForm } from './customer-details-form';
import { EraseCustomer } from './erase-customer';
import { MergeCustomer } from './merge-customer';
import en from '../en-US.json';

addTranslations('customers', en);

const Columns = styled.div`
  display: grid;
  gap: 24px;
  ${up('lg')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Items = styled.ul`
  display: grid;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
`;

/**
 * A customer's page (issue 44): their details (editable), every conversation and ticket, the
 * ratings they gave, and the data requests: export, merge and erase.
 */
export function CustomerPage() {
  const { t } = useTranslation('customers');
  const { t: tChat } = useTranslation(chatNamespace);
  const { t: tCommon } = useTranslation();
  const { workspaceId = '', customerId = '' } = useParams();
  const { state, retry, setData } = useApiGet(customerEndpoints.get, { workspaceId, customerId });
  const title = state.status === 'loaded' ? customerLabel(t, state.data.customer) : t('title');
  usePageTitle(title);
  const backLink = (
    <BackLink to={dashboardPaths['dashboard-workspaceId-customers'].getHref({ workspaceId })}>
      {t('detail.back')}
    </BackLink>
  );
  if (state.status !== 'loaded') {
    return (
      <PageBody>
        <PageHeader title={t('title')} before={backLink} />
        {state.status === 'loading' ? (
          <Loading label={t('detail.loading')} />
        ) : (
          <LoadFailed
            message={apiErrorMessage(tCommon, state.error, t('detail.loadFailed'))}
            onRetry={retry}
          />
        )}
      </PageBody>
    );
  }
  const { customer, conversations, tickets } = state.data;
  const ratings = conversations.filter((conversation) => conversation.rating !== null);
  const conversationHref = (conversationId: string) =>
    dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref({
      workspaceId,
      conversationId,
    });
  return (
    <PageBody>
      <PageHeader title={title} before={backLink} />
      {customer.erasedAt ? (
        <Alert tone="info">{t('detail.erasedNote', { date: formatDate(customer.erasedAt) })}</Alert>
      ) : null}
      <SectionCard as="section" aria-labelledby="customer-details">
        <h2 id="customer-details">{t('detail.details')}</h2>
        {/* Room for "verified" once identity verification exists: one more row here. */}
        <FieldList
          items={[
            [t('detail.email'), customer.email ?? t('detail.none')],
            [t('detail.orderId'), customer.orderId ?? t('detail.none')],
            [t('detail.firstSeen'), formatDateTime(customer.createdAt)],
            [t('detail.lastSeen'), formatDateTime(customer.lastSeenAt)],
          ]}
        />
        {customer.erasedAt ? null : (
          <CustomerDetailsForm
            key={`${customer.firstName}|${customer.lastName}|${customer.email}|${customer.orderId}`}
            customer={customer}
            onSaved={(saved) => setData((data): CustomerDetails => ({ ...data, customer: saved }))}
          />
        )}
      </SectionCard>
      <Columns>
        <SectionCard as="section" aria-labelledby="customer-conversations">
          <h2 id="customer-conversations">{t('detail.conversations')}</h2>
          {conversations.length === 0 ? (
            <Muted>{t('detail.noConversations')}</Muted>
          ) : (
            <Items>
              {conversations.map((conversation) => (
                <li key={conversation.id}>
                  <Link to={conversationHref(conversation.id)}>
                    {conversation.subject ??
                      t('detail.conversationTitle', {
                        date: formatDateTime(conversation.createdAt),
                      })}
                  </Link>
                  <span>{tChat(`statuses.${conversation.status}`)}</span>
                  <span>{t('detail.messagesCount', { count: conversation.messagesCount })}</span>
                </li>
              ))}
            </Items>
          )}
        </SectionCard>
        <SectionCard as="section" aria-labelledby="customer-tickets">
          <h2 id="customer-tickets">{t('detail.tickets')}</h2>
          {tickets.length === 0 ? (
            <Muted>{t('detail.noTickets')}</Muted>
          ) : (
            <Items>
              {tickets.map((ticket) => (
                <li key={ticket.id}>
                  <Link
                    to={dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
                      workspaceId,
                      ticketId: ticket.id,
                    })}
                  >
                    {ticket.subject ?? t('detail.ticketTitle', { id: ticket.id })}
                  </Link>
                </li>
              ))}
            </Items>
          )}
        </SectionCard>
      </Columns>
      <SectionCard as="section" aria-labelledby="customer-ratings">
        <h2 id="customer-ratings">{t('detail.ratings')}</h2>
        {ratings.length === 0 ? (
          <Muted>{t('detail.noRatings')}</Muted>
        ) : (
          <Items>
            {ratings.map((conversation) => (
              <li key={conversation.id}>
                <Link to={conversationHref(conversation.id)}>
                  {t('detail.rating', { value: conversation.rating })}
                </Link>
                {conversation.ratingComment ? <span>“{conversation.ratingComment}”</span> : null}
              </li>
            ))}
          </Items>
        )}
      </SectionCard>
      {customer.erasedAt ? null : <DataRequests details={state.data} onChanged={retry} />}
    </PageBody>
  );
}

/** Export, merge and erase: what a data-access or data-erasure request needs. */
function DataRequests({ details, onChanged }: { details: CustomerDetails; onChanged: () => void }) {
  const { t } = useTranslation('customers');
  const { customer } = details;
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  return (
    <>
      <SectionCard as="section" aria-labelledby="customer-actions">
        <h2 id="customer-actions">{t('detail.actions')}</h2>
        <div>
          <Button
            type="button"
            $variant="secondary"
            aria-disabled={exporting}
            onClick={() => {
              if (exporting) return;
              setExporting(true);
              setExportFailed(false);
              exportCustomer({ workspaceId: customer.workspaceId, customerId: customer.id }).then(
                (data) => {
                  setExporting(false);
                  const blob = new Blob([JSON.stringify(data, null, 2)], {
                    type: 'application/json',
                  });
                  const link = document.createElement('a');
                  link.href = URL.createObjectURL(blob);
                  link.download = `customer-${customer.id}.json`;
                  link.click();
                  URL.revokeObjectURL(link.href);
                },
                () => {
                  setExporting(false);
                  setExportFailed(true);
                },
              );
            }}
          >
            {exporting ? <Spinner /> : null}
            {exporting ? t('detail.exporting') : t('detail.export')}
          </Button>
        </div>
        {exportFailed ? <Alert tone="error">{t('detail.exportFailed')}</Alert> : null}
      </SectionCard>
      <SectionCard as="section" aria-labelledby="customer-merge">
        <h2 id="customer-merge">{t('merge.title')}</h2>
        <Muted>{t('merge.lead')}</Muted>
        <MergeCustomer customer={customer} onMerged={onChanged} />
      </SectionCard>
      <SectionCard as="section" aria-labelledby="customer-erase">
        <h2 id="customer-erase">{t('erase.title')}</h2>
        <Muted>{t('erase.lead')}</Muted>
        <div>
          <EraseCustomer customer={customer} onErased={onChanged} />
        </div>
      </SectionCard>
    </>
  );
}
