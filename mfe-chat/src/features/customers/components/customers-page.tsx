import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { customerEndpoints, dashboardPaths } from 'shared-sdk';
import type { CustomersRequest } from 'shared-sdk/schemas';
import { addTranslations, Button, Loading, Muted, usePageTitle } from 'shared-ui';
import {
  apiErrorMessage,
  DataTable,
  FormattedDate,
  FormattedDateTime,
  LoadFailed,
  PageHeader,
  Pagination,
  SelectField,
  TextField,
  useApiGet,
} from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/chat-page';
import { customerLabel } from '../customer-display';
import en from '../en-US.json';

addTranslations('customers', en);

const Filters = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  align-items: end;
`;

/**
 * The Customers page (issue 44): the workspace's customers a page at a time, by last seen or by
 * name, found by part of a name or address; and the audit list of erasures. The words, the sort
 * and the page's cursor live in the address.
 */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const { workspaceId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(t('title'));
  const q = params.get('q') ?? '';
  const sort = params.get('sort') === 'name' ? 'name' : 'lastSeen';

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={t('lead')} />
      <SectionCard>
        <Filters
          aria-label={t('filter.label')}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const next = new URLSearchParams();
            const words = String(form.get('q') ?? '').trim();
            if (words) next.set('q', words);
            if (form.get('sort') === 'name') next.set('sort', 'name');
            navigate(`?${next.toString()}`);
          }}
        >
          <TextField
            label={t('filter.label')}
            hint={t('filter.hint')}
            name="q"
            type="search"
            maxLength={200}
            defaultValue={q}
          />
          <SelectField label={t('filter.sort')} name="sort" defaultValue={sort}>
            <option value="lastSeen">{t('filter.lastSeen')}</option>
            <option value="name">{t('filter.name')}</option>
          </SelectField>
          <Button type="submit">{t('filter.apply')}</Button>
        </Filters>
      </SectionCard>
      <CustomerList
        request={{
          workspaceId,
          sort,
          ...(q ? { q } : {}),
          ...(params.get('cursor') ? { cursor: params.get('cursor') ?? '' } : {}),
        }}
      />
      <ErasureList workspaceId={workspaceId} />
    </PageBody>
  );
}

function CustomerList({ request }: { request: CustomersRequest }) {
  const { t } = useTranslation('customers');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const { state, retry } = useApiGet(customerEndpoints.list, request);
  if (state.status === 'loading') return <Loading label={t('list.loading')} />;
  if (state.status === 'failed') {
    return (
      <LoadFailed
        message={apiErrorMessage(tCommon, state.error, t('list.loadFailed'))}
        onRetry={retry}
      />
    );
  }
  const { customers, nextCursor } = state.data;
  const pageHref = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set('cursor', cursor);
    else next.delete('cursor');
    return `?${next.toString()}`;
  };
  if (customers.length === 0) {
    return <Muted>{request.q ? t('list.emptyFiltered') : t('list.empty')}</Muted>;
  }
  return (
    <>
      <DataTable caption={t('list.caption')}>
        <thead>
          <tr>
            <th scope="col">{t('list.name')}</th>
            <th scope="col">{t('list.email')}</th>
            <th scope="col">{t('list.lastSeen')}</th>
            <th scope="col">{t('list.firstSeen')}</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id}>
              <th scope="row">
                <Link
                  to={dashboardPaths['dashboard-workspaceId-customers-customerId'].getHref({
                    workspaceId: customer.workspaceId,
                    customerId: customer.id,
                  })}
                >
                  {customerLabel(t, customer)}
                </Link>
              </th>
              <td>{customer.email ?? ''}</td>
              <td>
                <FormattedDateTime timestamp={customer.lastSeenAt} />
              </td>
              <td>
                <FormattedDate timestamp={customer.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {request.cursor || nextCursor ? (
        <Pagination
          label={t('list.pagination')}
          status={t('list.status', { count: customers.length })}
          previous={{ label: t('list.first'), href: request.cursor ? pageHref(null) : undefined }}
          next={{ label: t('list.next'), href: nextCursor ? pageHref(nextCursor) : undefined }}
        />
      ) : null}
    </>
  );
}

/** The audit list: who erased which customer, and when. */
function ErasureList({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation('customers');
  const { t: tCommon } = useTranslation();
  const { state, retry } = useApiGet(customerEndpoints.erasures, { workspaceId });
  return (
    <SectionCard as="section" aria-labelledby="customer-erasures">
      <h2 id="customer-erasures">{t('erasures.title')}</h2>
      <Muted>{t('erasures.lead')}</Muted>
      {state.status === 'loading' ? (
        <Loading label={t('list.loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed
          message={apiErrorMessage(tCommon, state.error, t('list.loadFailed'))}
          onRetry={retry}
        />
      ) : state.data.erasures.length === 0 ? (
        <Muted>{t('erasures.empty')}</Muted>
      ) : (
        <DataTable caption={t('erasures.caption')}>
          <thead>
            <tr>
              <th scope="col">{t('erasures.customer')}</th>
              <th scope="col">{t('erasures.by')}</th>
              <th scope="col">{t('erasures.at')}</th>
              <th scope="col">{t('erasures.what')}</th>
            </tr>
          </thead>
          <tbody>
            {state.data.erasures.map((erasure) => (
              <tr key={erasure.id}>
                <th scope="row">
                  <Link
                    to={dashboardPaths['dashboard-workspaceId-customers-customerId'].getHref({
                      workspaceId,
                      customerId: erasure.customerId,
                    })}
                  >
                    {erasure.customerId}
                  </Link>
                </th>
                <td>{erasure.erasedByEmail ?? erasure.erasedBy}</td>
                <td>
                  <FormattedDateTime timestamp={erasure.erasedAt} />
                </td>
                <td>
                  {t('erasures.counts', {
                    messages: erasure.messagesCount,
                    files: erasure.filesCount,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </SectionCard>
  );
}
