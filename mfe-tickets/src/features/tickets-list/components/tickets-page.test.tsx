import { screen, waitFor, within } from '@testing-library/react';
import { PageError, type LiveDoc } from 'shared-sdk';
import type { Ticket } from 'shared-sdk/schemas';
import { CaptureErrors } from '@testing/capture-errors';
import { buildConversation, buildTicket, buildTickets } from '@testing/data-generators';
import { fakeTicketsServer } from '../../../testing/fake-tickets-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { TicketsPage } from './tickets-page';

const base = '/dashboard/ws_fernhill/tickets';

async function renderTickets(search = '', onError?: (error: unknown) => void) {
  await signIn();
  return renderPage(
    <CaptureErrors onError={onError}>
      <TicketsPage />
    </CaptureErrors>,
    { route: `${base}${search}`, path: '/dashboard/:workspaceId/tickets' },
  );
}

/** `open` open tickets (tkt_001 …), then `closed` closed ones, each newer than the one before. */
function ticketsOf(open: number, closed: number) {
  return buildTickets(open + closed).map((ticket, index) =>
    index >= open ? { ...ticket, status: 'closed' as const } : ticket,
  );
}
/** 8 open tickets (tkt_001 … tkt_008) and 4 closed ones (tkt_009 … tkt_012). */
const twelveTickets = () => ticketsOf(8, 4);
/** A status filter's option: its radio button is hidden behind the label people click. */
const filterOption = (name: string) => screen.findByText(name, { selector: 'label' });

const table = () => screen.getByRole('table');
/** The subjects of the rows, top to bottom. */
const subjects = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const rowOf = (subject: string) =>
  screen.getByRole('link', { name: subject }).closest('tr') as HTMLTableRowElement;
const location = () => screen.getByTestId('location').textContent;

describe('Tickets page', () => {
  it('lists the newest tickets first with their details, and the counts per status', async () => {
    const tickets: (Ticket & LiveDoc)[] = [
      ...buildTickets(2),
      buildTicket({
        id: 'tkt_ext',
        type: 'external',
        subject: null,
        recipientInfo: null,
        conversationId: 'cnv_042',
        assigneeId: 'usr_grace',
        createdAt: '2025-02-01T12:00:00.000Z',
      }),
      buildTicket({
        id: 'tkt_blank',
        subject: ' ',
        recipientInfo: { firstName: '', lastName: '', email: '' },
        status: 'closed',
        createdAt: '2025-01-01T12:00:00.000Z',
      }),
    ];
    fakeTicketsServer({ tickets, conversations: [buildConversation({ id: 'cnv_042' })] });
    await renderTickets();

    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading tickets…');
    expect(await screen.findByRole('table', { name: 'Tickets, page 1 of 1' })).toBeInTheDocument();
    expect(subjects()).toEqual([
      'Ticket subject 002',
      'Ticket subject 001',
      'Conversation cnv_042',
      'Ticket tkt_blank',
    ]);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Subject',
      'Type',
      'Recipient',
      'Assignee',
      'Status',
      'Follow-up',
      'Created',
    ]);
    const internal = within(rowOf('Ticket subject 001'));
    expect(internal.getByText('Internal')).toBeInTheDocument();
    expect(internal.getByText('Marie Curie')).toBeInTheDocument();
    expect(internal.getByText('Unassigned')).toBeInTheDocument();
    expect(internal.getByText('Open')).toBeInTheDocument();
    const external = within(rowOf('Conversation cnv_042'));
    expect(await external.findByText('Grace Hopper', { selector: 'td' })).toBeInTheDocument();
    expect(external.getByText('Conversation')).toBeInTheDocument();
    // product-spec.md §3: no name → 'Anonymous User'.
    expect(within(rowOf('Ticket tkt_blank')).getByText('Anonymous User')).toBeInTheDocument();
    expect(within(rowOf('Ticket tkt_blank')).getByText('Closed')).toBeInTheDocument();

    // product-spec.md §9: All is open + closed, from the statistics document.
    expect(await screen.findByRole('radio', { name: 'All (4)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Open (3)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Closed (1)' })).toBeInTheDocument();
    expect(document.title).toBe('Tickets · Parley');
  });

  it('filters by status through the URL, and the list follows', async () => {
    const { live } = fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    await screen.findByRole('table');

    await user.click(await filterOption('Closed (4)'));
    expect(location()).toBe(`${base}?status=closed`);
    await waitFor(() =>
      expect(subjects()).toEqual([
        'Ticket subject 012',
        'Ticket subject 011',
        'Ticket subject 010',
        'Ticket subject 009',
      ]),
    );
    expect(live.queries('tickets')).toContainEqual(
      expect.objectContaining({ where: [{ field: 'status', op: '==', value: 'closed' }] }),
    );

    await user.click(await filterOption('Open (8)'));
    expect(location()).toBe(`${base}?status=open`);
    await waitFor(() => expect(subjects()).toHaveLength(8));
    expect(subjects()[0]).toBe('Ticket subject 008');
  });

  it('pages with previous and next, "page n of m" from the counts, and perPage', async () => {
    fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    expect(await screen.findByRole('table', { name: 'Tickets, page 1 of 2' })).toBeInTheDocument();
    expect(subjects()).toHaveLength(10);
    const paging = screen.getByRole('group', { name: 'Pages' });
    expect(within(paging).getByText('Previous page')).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(paging).getByRole('link', { name: 'Next page' }));
    expect(location()).toBe(`${base}?page=2`);
    expect(await screen.findByRole('table', { name: 'Tickets, page 2 of 2' })).toBeInTheDocument();
    expect(subjects()).toEqual(['Ticket subject 002', 'Ticket subject 001']);
    expect(within(paging).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(paging).getByText('Next page')).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(paging).getByRole('link', { name: 'Previous page' }));
    expect(location()).toBe(base);

    await user.selectOptions(screen.getByLabelText('Tickets per page'), '25');
    expect(location()).toBe(`${base}?perPage=25`);
    expect(await screen.findByRole('table', { name: 'Tickets, page 1 of 1' })).toBeInTheDocument();
    await waitFor(() => expect(subjects()).toHaveLength(12));
  });

  it('opens a page deep in the list directly, then moves from it page by page', async () => {
    const { live } = fakeTicketsServer({ tickets: ticketsOf(22, 0) });
    const { user } = await renderTickets('?page=3&sort[createdAt]=asc');
    expect(await screen.findByRole('table', { name: 'Tickets, page 3 of 3' })).toBeInTheDocument();
    expect(subjects()).toEqual(['Ticket subject 021', 'Ticket subject 022']);
    expect(live.queries('tickets')).toEqual([expect.objectContaining({ offset: 20, limit: 10 })]);

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(location()).toBe(`${base}?sort%5BcreatedAt%5D=asc&page=2`);
    await waitFor(() => expect(subjects()[0]).toBe('Ticket subject 011'));

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(subjects()[0]).toBe('Ticket subject 021'));
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('says when a page is past the end, with a way back to the first', async () => {
    fakeTicketsServer({ tickets: ticketsOf(3, 0) });
    const { user } = await renderTickets('?page=4');
    expect(await screen.findByText('There are no tickets on this page.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    expect(location()).toBe(base);
    await waitFor(() => expect(subjects()).toHaveLength(3));
  });

  it('sorts by status or by age, followed-up tickets first whatever the order', async () => {
    const tickets = twelveTickets().map((ticket) =>
      ticket.id === 'tkt_002' ? { ...ticket, isFollowedUp: true } : ticket,
    );
    fakeTicketsServer({ tickets });
    const { user } = await renderTickets('?perPage=25');
    await screen.findByRole('table');
    expect(subjects()[0]).toBe('Ticket subject 002');
    expect(within(rowOf('Ticket subject 002')).getByText('Follow-up')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Order'), 'Closed first');
    expect(location()).toBe(`${base}?sort%5Bstatus%5D=asc&perPage=25`);
    await waitFor(() => expect(subjects()[1]).toBe('Ticket subject 012'));
    expect(subjects()[0]).toBe('Ticket subject 002');

    await user.selectOptions(screen.getByLabelText('Order'), 'Oldest first');
    await waitFor(() =>
      expect(subjects().slice(0, 3)).toEqual([
        'Ticket subject 002',
        'Ticket subject 001',
        'Ticket subject 003',
      ]),
    );
  });

  it('resolves the selected tickets; the rows and counts change live', async () => {
    const { sent } = fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Select Ticket subject 012' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ticket subject 007' }));
    const bar = screen.getByRole('group', { name: '2 tickets selected' });
    await user.click(within(bar).getByRole('button', { name: 'Resolve' }));

    expect(await screen.findByText('1 ticket resolved.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/resolve-tickets',
        body: { workspaceId: 'ws_fernhill', ticketIds: ['tkt_012', 'tkt_007'] },
      },
    ]);
    await waitFor(() =>
      expect(within(rowOf('Ticket subject 007')).getByText('Closed')).toBeInTheDocument(),
    );
    expect(await screen.findByRole('radio', { name: 'Open (7)' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Closed (5)' })).toBeInTheDocument();
    // The selection is done with.
    expect(screen.queryByRole('group', { name: /selected/ })).not.toBeInTheDocument();
  });

  it('marks a ticket for follow-up and it moves to the top', async () => {
    const { sent } = fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    await screen.findByRole('table');
    expect(subjects()[0]).toBe('Ticket subject 012');

    await user.click(screen.getByRole('checkbox', { name: 'Select Ticket subject 005' }));
    await user.click(screen.getByRole('button', { name: 'Mark for follow-up' }));

    expect(await screen.findByText('1 ticket marked for follow-up.')).toBeInTheDocument();
    expect(sent('PATCH')[0]).toMatchObject({
      url: '/api/user/follow-up-tickets',
      body: { workspaceId: 'ws_fernhill', ticketIds: ['tkt_005'], isFollowedUp: true },
    });
    await waitFor(() => expect(subjects()[0]).toBe('Ticket subject 005'));
  });

  it('selects all in the filter and resolves them after a confirmation', async () => {
    const { sent } = fakeTicketsServer({ tickets: ticketsOf(14, 4) });
    const { user } = await renderTickets('?status=open');
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Select every ticket on this page' }));
    expect(screen.getByRole('group', { name: '10 tickets selected' })).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: 'Select all 14 tickets in this filter' }),
    );
    expect(screen.getByText('All 14 tickets in this filter are selected.')).toBeInTheDocument();

    // Cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Resolve all 14 open tickets?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('PATCH')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Resolve all' }),
    );
    expect(await screen.findByText('14 tickets resolved.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/resolve-tickets-all',
        body: { workspaceId: 'ws_fernhill', where: { field: 'status', value: 'open' } },
      },
    ]);
    expect(await screen.findByText('There are no open tickets. Nice work.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open (0)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Closed (18)' })).toBeInTheDocument();
  });

  it("marks all for follow-up with no filter; without a loaded query it fails with 'Workspace doesn't exist'", async () => {
    const { live, sent } = fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select every ticket on this page' }));
    await user.click(
      await screen.findByRole('button', { name: 'Select all 12 tickets in this filter' }),
    );

    // The list's subscription ends: no query is loaded any more.
    await live.refuse('tickets', 'unavailable', 'The read failed');
    expect(await screen.findByText("We couldn't load the tickets.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark for follow-up' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Mark all 12 tickets for follow-up?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mark all for follow-up' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Workspace doesn't exist");
    expect(sent('PATCH')).toEqual([]);

    // Once the list loads again, the call goes out without a filter.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Mark for follow-up' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', {
        name: 'Mark all for follow-up',
      }),
    );
    expect(await screen.findByText('12 tickets marked for follow-up.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/follow-up-tickets-all',
        body: { workspaceId: 'ws_fernhill', isFollowedUp: true },
      },
    ]);
  });

  it('works from the keyboard: Space selects a row, arrows move, Enter opens it', async () => {
    fakeTicketsServer({ tickets: twelveTickets() });
    const { user } = await renderTickets();
    await screen.findByRole('table');

    rowOf('Ticket subject 012').focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select Ticket subject 012' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Ticket subject 011')).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('group', { name: '2 tickets selected' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select Ticket subject 011' })).not.toBeChecked();
    await user.keyboard('{Enter}');
    expect(location()).toBe(`${base}/tkt_011`);
  });

  it('says so when a filter has no tickets', async () => {
    fakeTicketsServer({ tickets: [] });
    await renderTickets('?status=closed');
    expect(await screen.findByText('There are no closed tickets yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'All (0)' })).toBeInTheDocument();
  });

  it.each([
    ['?page=0'],
    ['?page=two'],
    ['?status=pending'],
    ['?sort[createdAt]=asc&sort[status]=desc'],
    ['?sort[]=desc'],
  ])("is the shell's 404 page for %s", async (search) => {
    fakeTicketsServer();
    // React reports the error the boundary catches.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = jest.fn();
    await renderTickets(search, onError);

    await waitFor(() => expect(onError).toHaveBeenCalled());
    const error: unknown = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(PageError);
    expect(error).toMatchObject({ status: 404, message: `Page Not Found: ${base}${search}` });
    consoleError.mockRestore();
  });
});
