import { pageNotFound, parsePageParam } from 'shared-sdk';
import type { TicketStatus } from 'shared-sdk/schemas';

/** product-spec.md §9: lists are paginated with perPage from the query; these are the sizes offered. */
export const perPageOptions = [10, 25, 50, 100] as const;
export type PerPage = (typeof perPageOptions)[number];
export const defaultPerPage: PerPage = 10;

export type StatusFilter = 'all' | TicketStatus;
export const statusFilters: readonly StatusFilter[] = ['all', 'open', 'closed'];

export type SortField = 'createdAt' | 'status';
export type SortDirection = 'asc' | 'desc';
export interface TicketsSort {
  field: SortField;
  direction: SortDirection;
}

/** What the tickets list shows, read from its URL. */
export interface TicketsListParams {
  page: number;
  perPage: PerPage;
  status: StatusFilter;
  /** null: the default order (newest first). Followed-up tickets come first whatever it is. */
  sort: TicketsSort | null;
}

const sortKey = /^sort\[(.*)\]$/;
const isSortField = (field: string): field is SortField =>
  field === 'createdAt' || field === 'status';
const isDirection = (value: string): value is SortDirection => value === 'asc' || value === 'desc';

/**
 * The list's query string, checked as product-spec.md §5 says. Anything it rejects is the 404 page
 * ('Page Not Found: {path}'), thrown for the shell's error boundary:
 * - page, if present, must be a whole number of at least 1;
 * - perPage, if present, one of the sizes offered;
 * - status, if present, open or closed;
 * - sort[createdAt] or sort[status], asc or desc, never both; a sort without its field (or
 *   without a direction) fails.
 */
export function parseTicketsSearchParams(search: URLSearchParams, path: string): TicketsListParams {
  const reject = () => pageNotFound(path);
  const single = (name: string) => {
    const values = search.getAll(name);
    if (values.length > 1) throw reject();
    return values[0];
  };

  const page = parsePageParam(search, path);

  const perPageText = single('perPage');
  const perPage =
    perPageText === undefined
      ? defaultPerPage
      : perPageOptions.find((option) => String(option) === perPageText);
  if (perPage === undefined) throw reject();

  const statusText = single('status');
  if (statusText !== undefined && statusText !== 'open' && statusText !== 'closed') throw reject();
  const status: StatusFilter = statusText ?? 'all';

  const sorts: TicketsSort[] = [];
  for (const key of new Set(search.keys())) {
    if (key === 'sort') throw reject();
    const field = sortKey.exec(key)?.[1];
    if (field === undefined) continue;
    const direction = single(key);
    if (!isSortField(field) || direction === undefined || !isDirection(direction)) throw reject();
    sorts.push({ field, direction });
  }
  // product-spec.md §5: sort[createdAt] and sort[status] at once are rejected.
  if (sorts.length > 1) throw reject();

  return { page, perPage, status, sort: sorts[0] ?? null };
}

/**
 * The query string of `params`, leaving defaults out so that links stay short (and parse back
 * to the same params).
 */
export function ticketsSearchString(params: TicketsListParams): string {
  const search = new URLSearchParams();
  if (params.status !== 'all') search.set('status', params.status);
  if (params.sort) search.set(`sort[${params.sort.field}]`, params.sort.direction);
  if (params.perPage !== defaultPerPage) search.set('perPage', String(params.perPage));
  if (params.page !== 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}
