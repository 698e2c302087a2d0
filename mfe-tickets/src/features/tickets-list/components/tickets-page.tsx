import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths } from 'shared-sdk';
import type { Statistics } from 'shared-sdk';
import type { Ticket } from 'shared-sdk/schemas';
import {
  addTranslations,
  Button,
  Card,
  Loading,
  SegmentedControl,
  Stack,
  usePageTitle,
} from 'shared-ui';
import { ListToolbar, LoadFailed, Pagination, PerPageField, SelectField } from 'shared-ui/controls';
import type { LoadedTicketsQuery } from '../../../api/tickets-api';
import { useMembers } from '../../../hooks/use-members';
import { useLiveDocs } from 'shared-sdk/live';
import { BulkActions } from './bulk-actions';
import { CreateTicketForm } from './create-ticket-form';
import en from '../en-US.json';
import { TicketsTable } from './tickets-table';
import {
  pageCount,
  ticketsInFilter,
  ticketsPageQuery,
  whereOfFilter,
} from '../api/tickets-live-query';
import {
  parseTicketsSearchParams,
  perPageOptions,
  statusFilters,
  ticketsSearchString,
  type StatusFilter,
  type TicketsListParams,
  type TicketsSort,
} from '../utils/tickets-search-params';
import { useLinkedConversations } from '../hooks/use-linked-conversations';

addTranslations('tickets-list', en);

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  h1 {
    margin: 0 0 8px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textSecondary};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const sortOptions: { value: string; sort: TicketsSort | null; label: string }[] = [
  { value: 'newest', sort: null, label: 'sort.newest' },
  { value: 'oldest', sort: { field: 'createdAt', direction: 'asc' }, label: 'sort.oldest' },
  { value: 'statusDesc', sort: { field: 'status', direction: 'desc' }, label: 'sort.statusDesc' },
  { value: 'statusAsc', sort: { field: 'status', direction: 'asc' }, label: 'sort.statusAsc' },
];

const sortValue = (sort: TicketsSort | null) =>
  sortOptions.find(
    (option) =>
      option.sort?.field === sort?.field &&
      option.sort?.direction === sort?.direction &&
      option.sort !== null,
  )?.value ?? 'newest';

/**
 * /dashboard/:workspaceId/tickets. The query string is checked first (product-spec.md §5): a page, status
 * or sort it rejects is the shell's 404 page.
 */
export function TicketsPage() {
  const { t } = useTranslation('tickets-list');
  usePageTitle(t('title'));
  const { workspaceId = '' } = useParams();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  // product-spec.md §8: 'Page Not Found: {path}', thrown while rendering for the shell's boundary.
  const params = parseTicketsSearchParams(searchParams, `${pathname}${search}`);
  return <TicketsList workspaceId={workspaceId} params={params} />;
}

/** What is selected: some tickets of the page, or every ticket of the filter. */
interface Selection {
  /** The list view it belongs to: changing page, filter or order starts afresh. */
  view: string;
  all: boolean;
  ids: ReadonlySet<string>;
}

function TicketsList({ workspaceId, params }: { workspaceId: string; params: TicketsListParams }) {
  const { t } = useTranslation('tickets-list');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const view = `${workspaceId}${ticketsSearchString(params)}`;
  const [selection, setSelection] = useState<Selection>({ view, all: false, ids: new Set() });

  const statistics = useLiveDocs<Statistics>({ collection: 'statistics', workspaceId });
  const counts = statistics.docs.find((doc) => doc.id === workspaceId)?.tickets;
  const list = useLiveDocs<Ticket>(ticketsPageQuery(workspaceId, params));
  const tickets = list.docs;
  const conversations = useLinkedConversations(workspaceId, tickets);
  const { members } = useMembers(workspaceId);

  const listLoaded = list.status === 'live' || list.status === 'reconnecting';
  // product-spec.md §5: the "all" calls act on the loaded query; before it loads there is none.
  const loadedQuery: LoadedTicketsQuery | null = listLoaded
    ? { workspaceId, where: whereOfFilter(params.status) }
    : null;
  const total = ticketsInFilter(counts, params.status);
  const pages = total === undefined ? undefined : pageCount(total, params.perPage);

  const current = selection.view === view ? selection : { view, all: false, ids: new Set() };
  // Only tickets still on the page count: one resolved elsewhere may have left the filter.
  const selectedIds = current.all
    ? tickets.map((ticket) => ticket.id)
    : tickets.filter((ticket) => current.ids.has(ticket.id)).map((ticket) => ticket.id);
  const hasSelection = current.all || selectedIds.length > 0;

  const hrefWith = (changes: Partial<TicketsListParams>) =>
    dashboardPaths['dashboard-workspaceId-tickets'].getHref(
      { workspaceId },
      ticketsSearchString({ ...params, ...changes }),
    );
  const go = (changes: Partial<TicketsListParams>) => {
    navigate(hrefWith({ page: 1, ...changes }));
  };

  const toggle = (ticketId: string) => {
    const ids = new Set(selectedIds);
    if (ids.has(ticketId)) ids.delete(ticketId);
    else ids.add(ticketId);
    setSelection({ view, all: false, ids });
  };
  const togglePage = (selected: boolean) =>
    setSelection({
      view,
      all: false,
      ids: new Set(selected ? tickets.map((ticket) => ticket.id) : []),
    });
  const clear = () => setSelection({ view, all: false, ids: new Set() });

  const filterLabel = (status: StatusFilter) => {
    const count = ticketsInFilter(counts, status);
    return count === undefined ? t(`filter.${status}Pending`) : t(`filter.${status}`, { count });
  };

  return (
    <Stack $gap={6}>
      <Header>
        <div>
          <h1>{t('title')}</h1>
          <p>{t('lead')}</p>
        </div>
        <Button
          type="button"
          aria-expanded={creating}
          aria-controls="create-ticket"
          onClick={() => setCreating((open) => !open)}
        >
          {creating ? t('create.close') : t('create.open')}
        </Button>
      </Header>
      {creating ? (
        <Card id="create-ticket">
          <CreateTicketForm workspaceId={workspaceId} members={members} />
        </Card>
      ) : null}
      <ListToolbar>
        <div>
          <SegmentedControl
            legend={t('filter.legend')}
            name="ticket-status"
            size="md"
            value={params.status}
            onChange={(status) => go({ status })}
            options={statusFilters.map((status) => ({ value: status, label: filterLabel(status) }))}
          />
        </div>
        <SelectField
          label={t('sort.label')}
          value={sortValue(params.sort)}
          onChange={(event) =>
            go({
              sort: sortOptions.find((option) => option.value === event.target.value)?.sort ?? null,
            })
          }
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label as 'sort.newest')}
            </option>
          ))}
        </SelectField>
        <PerPageField
          label={t('perPage')}
          value={params.perPage}
          options={perPageOptions}
          onChange={(perPage) => go({ perPage })}
        />
      </ListToolbar>
      {statistics.status === 'error' ? (
        <LoadFailed message={t('countsFailed')} onRetry={statistics.retry} />
      ) : null}
      {hasSelection ? (
        <BulkActions
          workspaceId={workspaceId}
          status={params.status}
          selectedIds={selectedIds}
          allSelected={current.all}
          totalInFilter={total}
          loadedQuery={loadedQuery}
          onSelectAll={() => setSelection({ view, all: true, ids: new Set() })}
          onClear={clear}
        />
      ) : null}
      <div aria-busy={list.status === 'loading'}>
        {list.status === 'loading' ? <Loading label={t('loading')} /> : null}
        {list.status === 'error' ? (
          <LoadFailed message={t('loadFailed')} onRetry={list.retry} />
        ) : null}
        {listLoaded && tickets.length === 0 ? (
          <EmptyList
            status={params.status}
            pastEnd={params.page > 1}
            firstPageHref={hrefWith({ page: 1 })}
          />
        ) : null}
        {listLoaded && tickets.length > 0 ? (
          <TicketsTable
            workspaceId={workspaceId}
            caption={
              pages === undefined
                ? t('captionPending', { page: params.page })
                : t('caption', { page: params.page, pages })
            }
            tickets={tickets}
            conversations={conversations}
            members={members}
            isSelected={(ticketId) => current.all || current.ids.has(ticketId)}
            onToggle={toggle}
            onTogglePage={togglePage}
          />
        ) : null}
      </div>
      <Pagination
        label={t('paging.label')}
        status={
          pages === undefined
            ? t('paging.statusPending', { page: params.page })
            : t('paging.status', { page: params.page, pages })
        }
        previous={{
          label: t('paging.previous'),
          href: params.page > 1 ? hrefWith({ page: params.page - 1 }) : undefined,
        }}
        next={{
          label: t('paging.next'),
          // Until the counts load, a full page suggests there may be more.
          href: (pages === undefined ? tickets.length === params.perPage : params.page < pages)
            ? hrefWith({ page: params.page + 1 })
            : undefined,
        }}
      />
      <Hint>{t('keyboardHint')}</Hint>
    </Stack>
  );
}

function EmptyList({
  status,
  pastEnd,
  firstPageHref,
}: {
  status: StatusFilter;
  pastEnd: boolean;
  firstPageHref: string;
}) {
  const { t } = useTranslation('tickets-list');
  if (pastEnd) {
    return (
      <Hint>
        {t('empty.pastEnd')} <Link to={firstPageHref}>{t('empty.firstPage')}</Link>
      </Hint>
    );
  }
  return <Hint>{t(`empty.${status}`)}</Hint>;
}
