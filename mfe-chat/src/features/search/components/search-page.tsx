import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { dashboardPaths, searchEndpoints } from 'shared-sdk';
import type { SearchHit, SearchRequest, SnippetPart } from 'shared-sdk/schemas';
import { addTranslations, Button, Loading, Muted, usePageTitle } from 'shared-ui';
import {
  apiErrorMessage,
  FormattedDateTime,
  LoadFailed,
  PageHeader,
  Pagination,
  SelectField,
  TextField,
  useApiGet,
} from 'shared-ui/controls';
import { PageBody, SectionCard } from '../../../components/chat-page';
import { chatNamespace } from '../../../i18n/chat-translations';
import en from '../en-US.json';

addTranslations('search', en);

const Filters = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  align-items: end;
`;

const Results = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    gap: 4px;
    padding: 12px 0;
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
  li:first-child {
    border-top: 0;
  }
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primaryBlue};
  }
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const Snippet = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
  mark {
    padding: 0 2px;
    color: inherit;
    font-weight: 700;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: inset 0 -2px 0 ${({ theme }) => theme.colors.primaryBlue};
  }
`;

/** The words the query found, marked; the rest as plain text (never read as markup). */
function SnippetText({ parts }: { parts: SnippetPart[] }) {
  return (
    <Snippet>
      {parts.map((part, index) =>
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </Snippet>
  );
}

/** Where a hit opens: its conversation at the message or note, or the ticket. */
function hitHref(workspaceId: string, hit: SearchHit): string {
  if (hit.kind === 'ticket' && hit.ticketId) {
    return dashboardPaths['dashboard-workspaceId-tickets-ticketId'].getHref({
      workspaceId,
      ticketId: hit.ticketId,
    });
  }
  return dashboardPaths['dashboard-workspaceId-chat-takeover-conversationId'].getHref(
    { workspaceId, conversationId: hit.conversationId ?? '' },
    hit.kind === 'ticket' ? '' : `?message=${encodeURIComponent(hit.id)}`,
  );
}

const filterKeys = ['status', 'rating', 'from', 'to'] as const;

/**
 * The results of the header's search (issue 44): customers found by name or e-mail address,
 * then messages, notes and tickets, best first, with the words found highlighted; filters and
 * pages live in the address, so a search can be bookmarked and shared.
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const { t: tChat } = useTranslation(chatNamespace);
  const { workspaceId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  usePageTitle(q ? t('titleWithWords', { q }) : t('title'));

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return `?${next.toString()}`;
  };

  return (
    <PageBody>
      <PageHeader title={t('title')} lead={t('lead')} />
      <SectionCard>
        <Filters
          aria-label={t('filters.legend')}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const changes: Record<string, string | null> = { page: null };
            for (const key of ['q', ...filterKeys]) {
              changes[key] = String(form.get(key) ?? '').trim() || null;
            }
            navigate(hrefWith(changes));
          }}
        >
          <TextField label={t('field')} name="q" type="search" defaultValue={q} maxLength={1000} />
          <SelectField
            label={t('filters.status')}
            name="status"
            defaultValue={params.get('status') ?? ''}
          >
            <option value="">{t('filters.anyStatus')}</option>
            {(['open', 'pending', 'resolved'] as const).map((status) => (
              <option key={status} value={status}>
                {tChat(`statuses.${status}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('filters.rating')}
            name="rating"
            defaultValue={params.get('rating') ?? ''}
          >
            <option value="">{t('filters.anyRating')}</option>
            {[5, 4, 3, 2, 1].map((value) => (
              <option key={value} value={value}>
                {t('filters.ratingValue', { count: value })}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('filters.from')}
            name="from"
            type="date"
            defaultValue={params.get('from') ?? ''}
          />
          <TextField
            label={t('filters.to')}
            name="to"
            type="date"
            defaultValue={params.get('to') ?? ''}
          />
          <Button type="submit">{t('filters.apply')}</Button>
        </Filters>
      </SectionCard>

      {q ? (
        <SearchResults workspaceId={workspaceId} q={q} page={page} hrefWith={hrefWith} />
      ) : (
        <Muted>{t('noWords')}</Muted>
      )}
    </PageBody>
  );
}

/** One page of results for the words and filters in the address. */
function SearchResults({
  workspaceId,
  q,
  page,
  hrefWith,
}: {
  workspaceId: string;
  q: string;
  page: number;
  hrefWith: (changes: Record<string, string | null>) => string;
}) {
  const { t } = useTranslation('search');
  const { t: tChat } = useTranslation(chatNamespace);
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const request: SearchRequest = { workspaceId, q, page };
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) Object.assign(request, { [key]: key === 'rating' ? Number(value) : value });
  }
  const { state, retry } = useApiGet(searchEndpoints.search, request);
  return (
    <>
      {state.status === 'loading' ? (
        <Loading label={t('loading')} />
      ) : state.status === 'failed' ? (
        <LoadFailed
          message={apiErrorMessage(tCommon, state.error, t('loadFailed'))}
          onRetry={retry}
        />
      ) : (
        <>
          {state.data.customers.length > 0 ? (
            <SectionCard as="section" aria-labelledby="search-customers">
              <h2 id="search-customers">{t('customers')}</h2>
              <Results>
                {state.data.customers.map((customer) => (
                  <li key={customer.id}>
                    <Link
                      to={dashboardPaths['dashboard-workspaceId-customers-customerId'].getHref({
                        workspaceId,
                        customerId: customer.id,
                      })}
                    >
                      {customer.name || t('anonymous')}
                    </Link>
                    <Meta>
                      {customer.email ? <span>{customer.email}</span> : null}
                      <span>
                        {t('lastSeen', {
                          date: new Date(customer.lastSeenAt).toLocaleDateString(),
                        })}
                      </span>
                    </Meta>
                  </li>
                ))}
              </Results>
            </SectionCard>
          ) : null}
          <SectionCard as="section" aria-labelledby="search-results">
            <h2 id="search-results">{t('results')}</h2>
            {state.data.hits.length === 0 ? (
              <Muted>{t('empty')}</Muted>
            ) : (
              <Results>
                {state.data.hits.map((hit) => (
                  <li key={`${hit.kind}:${hit.id}`}>
                    <Link to={hitHref(workspaceId, hit)}>
                      {hit.kind === 'message'
                        ? t('kinds.message', { role: tChat(`roles.${hit.role ?? 'user'}`) })
                        : t(`kinds.${hit.kind}`)}
                      {hit.conversationId
                        ? ` · ${hit.customerName || (hit.customerName === '' ? t('anonymous') : t('erased'))}`
                        : null}
                    </Link>
                    <SnippetText parts={hit.snippet} />
                    <Meta>
                      <FormattedDateTime timestamp={hit.timestamp} />
                      {hit.conversationStatus ? (
                        <span>{tChat(`statuses.${hit.conversationStatus}`)}</span>
                      ) : null}
                    </Meta>
                  </li>
                ))}
              </Results>
            )}
          </SectionCard>
          {page > 1 || state.data.hasMore ? (
            <Pagination
              label={t('pagination.label')}
              status={t('pagination.status', { page })}
              previous={{
                label: t('pagination.previous'),
                href: page > 1 ? hrefWith({ page: String(page - 1) }) : undefined,
              }}
              next={{
                label: t('pagination.next'),
                href: state.data.hasMore ? hrefWith({ page: String(page + 1) }) : undefined,
              }}
            />
          ) : null}
        </>
      )}
    </>
  );
}
