import { PageError } from 'shared-sdk';
import { ticketsPageQuery } from '../api/tickets-live-query';
import { parseTicketsSearchParams, ticketsSearchString } from './tickets-search-params';

const path = '/dashboard/ws_fernhill/tickets';
const parse = (search: string) =>
  parseTicketsSearchParams(new URLSearchParams(search), `${path}?${search}`);

/** What the page throws for the query string: the 404 page with the path asked for. */
function rejection(search: string) {
  try {
    parse(search);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('tickets list query string (product-spec.md §5)', () => {
  it('defaults to page 1 of 10, every status, newest first', () => {
    expect(parse('')).toEqual({ page: 1, perPage: 10, status: 'all', sort: null });
  });

  it('reads page, perPage, status and one sort', () => {
    expect(parse('page=3&perPage=25&status=closed&sort[createdAt]=asc')).toEqual({
      page: 3,
      perPage: 25,
      status: 'closed',
      sort: { field: 'createdAt', direction: 'asc' },
    });
    expect(parse('page=02').page).toBe(2);
    expect(parse('status=open&sort%5Bstatus%5D=desc').sort).toEqual({
      field: 'status',
      direction: 'desc',
    });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=',
    'page=1.5',
    'page=1e2',
    'page=%201',
    'page=00',
  ])('%s is Not Found with the path', (search) => {
    const error = rejection(search);
    expect(error).toBeInstanceOf(PageError);
    expect(error).toMatchObject({ status: 404, message: `Page Not Found: ${path}?${search}` });
  });

  it.each([
    ['a status other than open or closed', 'status=pending'],
    ['an empty status', 'status='],
    ['sort[createdAt] and sort[status] at once', 'sort[createdAt]=asc&sort[status]=desc'],
    ['a sort without its field', 'sort[]=asc'],
    ['a sort with no field at all', 'sort=asc'],
    ['a sort field the list has not', 'sort[subject]=asc'],
    ['a sort key with no value', 'sort[createdAt]='],
    ['a sort direction that is not asc or desc', 'sort[status]=up'],
    ['a page size not offered', 'perPage=7'],
    ['the same parameter twice', 'page=1&page=2'],
  ])('rejects %s', (_, search) => {
    expect(rejection(search)).toMatchObject({ status: 404 });
  });

  it('writes params back as a query string that parses to the same params', () => {
    for (const search of ['', 'status=open', 'sort%5Bstatus%5D=asc&perPage=50&page=4']) {
      const params = parse(search);
      expect(parse(ticketsSearchString(params).slice(1))).toEqual(params);
    }
    expect(ticketsSearchString(parse(''))).toBe('');
  });
});

describe('the live query of a page', () => {
  it('puts followed-up tickets first, then the chosen order, filtered and paged', () => {
    expect(ticketsPageQuery('ws_fernhill', parse(''))).toEqual({
      collection: 'tickets',
      workspaceId: 'ws_fernhill',
      orderBy: [
        { field: 'isFollowedUp', direction: 'desc' },
        { field: 'createdAt', direction: 'desc' },
      ],
      limit: 10,
    });
    expect(
      ticketsPageQuery('ws_fernhill', parse('status=open&sort[status]=asc&page=3&perPage=25')),
    ).toEqual({
      collection: 'tickets',
      workspaceId: 'ws_fernhill',
      where: [{ field: 'status', op: '==', value: 'open' }],
      orderBy: [
        { field: 'isFollowedUp', direction: 'desc' },
        { field: 'status', direction: 'asc' },
        { field: 'createdAt', direction: 'desc' },
      ],
      limit: 25,
      offset: 50,
    });
  });
});
