import type { LiveQuery } from 'shared-sdk';
import type { TicketsWhere } from 'shared-sdk/schemas';
import type { StatusFilter, TicketsListParams } from '../utils/tickets-search-params';

/** The "all" calls' filter for the list's status filter: none for All (product-spec.md §7 where). */
export const whereOfFilter = (status: StatusFilter): TicketsWhere | undefined =>
  status === 'all' ? undefined : { field: 'status', value: status };

/**
 * The live `tickets` query of one page of the list. product-spec.md §4: followed-up tickets first
 * (isFollowedUp descending), whatever the chosen order; then the chosen order, newest first by
 * default. A page opened directly skips the ones before it (offset), so ?page=N works on its own.
 */
export function ticketsPageQuery(workspaceId: string, params: TicketsListParams): LiveQuery {
  const { page, perPage, status, sort } = params;
  const orderBy: NonNullable<LiveQuery['orderBy']> = [{ field: 'isFollowedUp', direction: 'desc' }];
  if (sort?.field === 'status') {
    orderBy.push({ field: 'status', direction: sort.direction });
    orderBy.push({ field: 'createdAt', direction: 'desc' });
  } else {
    orderBy.push({ field: 'createdAt', direction: sort?.direction ?? 'desc' });
  }
  const where = whereOfFilter(status);
  return {
    collection: 'tickets',
    workspaceId,
    ...(where ? { where: [{ field: where.field, op: '==', value: where.value }] } : {}),
    orderBy,
    limit: perPage,
    ...(page > 1 ? { offset: (page - 1) * perPage } : {}),
  };
}

/** How many tickets the filter holds, from the statistics document (product-spec.md §9: all = open + closed). */
export function ticketsInFilter(
  counts: { open: number; closed: number } | undefined,
  status: StatusFilter,
): number | undefined {
  if (!counts) return undefined;
  return status === 'all' ? counts.open + counts.closed : counts[status];
}

/** product-spec.md §9 paging: at least one page, even when the filter is empty. */
export const pageCount = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(total / perPage));
