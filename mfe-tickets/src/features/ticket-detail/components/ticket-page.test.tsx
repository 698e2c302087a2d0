import { screen, waitFor, within } from '@testing-library/react';
import { PageError } from 'shared-sdk';
import { CaptureErrors } from '@testing/capture-errors';
import { buildConversation, buildMessage, buildTicket } from '@testing/data-generators';
import { fakeTicketsServer } from '../../../testing/fake-tickets-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { TicketPage } from './ticket-page';

async function renderTicket(ticketId: string, onError?: (error: unknown) => void) {
  await signIn();
  return renderPage(
    <CaptureErrors onError={onError}>
      <TicketPage />
    </CaptureErrors>,
    {
      route: `/dashboard/ws_fernhill/tickets/${ticketId}`,
      path: '/dashboard/:workspaceId/tickets/:ticketId',
    },
  );
}

/** The value next to a term of the details list. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

const external = buildTicket({
  id: 'tkt_ext',
  type: 'external',
  subject: null,
  recipientInfo: null,
  conversationId: 'cnv_maya',
});

describe('Ticket page', () => {
  it('shows an internal ticket: subject, recipient, assignee, status, follow-up, timestamps', async () => {
    fakeTicketsServer({ tickets: [buildTicket({ assigneeId: 'usr_grace', isFollowedUp: true })] });
    await renderTicket('tkt_001');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Refund for order 1001' }),
    ).toBeInTheDocument();
    expect(detail('Type')).toHaveTextContent('Internal');
    expect(detail('Recipient')).toHaveTextContent('Marie Curie');
    expect(detail('E-mail')).toHaveTextContent('marie@example.com');
    expect(detail('Status')).toHaveTextContent('Open');
    expect(detail('Follow-up')).toHaveTextContent('Marked for follow-up');
    expect(detail('Created')?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-01T12:00:00.000Z',
    );
    expect(detail('Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue('usr_grace'));
    expect(screen.getByRole('link', { name: /All tickets/ })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/tickets',
    );
    expect(document.title).toBe('Refund for order 1001 · Parley');
  });

  it("falls back to 'Ticket {id}' and 'Anonymous User'", async () => {
    fakeTicketsServer({
      tickets: [
        buildTicket({
          id: 'tkt_77',
          subject: '',
          recipientInfo: { firstName: '', lastName: '', email: '' },
        }),
      ],
    });
    await renderTicket('tkt_77');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ticket tkt_77' }),
    ).toBeInTheDocument();
    expect(detail('Recipient')).toHaveTextContent('Anonymous User');
    expect(detail('E-mail')).toHaveTextContent('No e-mail address');
  });

  it("shows an external ticket's conversation live, with a link to chat takeover", async () => {
    const { live } = fakeTicketsServer({
      tickets: [external],
      conversations: [
        buildConversation({
          customer: { firstName: '', lastName: '', email: null, orderId: null, verified: false },
        }),
      ],
      messages: [
        buildMessage(),
        buildMessage({
          id: 'msg_2',
          role: 'bot',
          senderId: 'bot_1',
          content: 'Let me find someone to help.',
          timestamp: '2025-03-01T11:00:05.000Z',
        }),
        buildMessage({
          id: 'msg_3',
          role: 'agent',
          senderId: 'usr_ada',
          content: '',
          form: { 'Order number': 'FB-1042', Carrier: 'Parcelforce' },
          timestamp: '2025-03-01T11:02:00.000Z',
        }),
      ],
    });
    await renderTicket('tkt_ext');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation cnv_maya' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(detail('Recipient')).toHaveTextContent('Anonymous User'));
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Customer.*Where is my order\?$/),
      expect.stringMatching(/^Bot.*Let me find someone to help\.$/),
      expect.stringMatching(/^Agent.*Order numberFB-1042CarrierParcelforce$/),
    ]);
    // A message's form shows as its fields and values (product-spec.md §3 message "optional form").
    const form = within(messages).getByText('FB-1042').closest('dl');
    expect(form).toHaveAttribute('aria-label', 'Details sent with the message');
    expect(within(form!).getByText('Order number')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in chat takeover' })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    );
    expect(live.queries('messages')).toEqual([
      {
        collection: 'messages',
        workspaceId: 'ws_fernhill',
        conversationId: 'cnv_maya',
        orderBy: [{ field: 'timestamp', direction: 'asc' }],
      },
    ]);

    await live.commit((data) => {
      data.messages = [
        ...(data.messages ?? []),
        buildMessage({
          id: 'msg_3',
          role: 'agent',
          senderId: 'usr_ada',
          content: 'Sorry about that, Grace!',
          timestamp: '2025-03-01T11:02:00.000Z',
        }),
      ];
    });
    expect(await within(messages).findByText('Sorry about that, Grace!')).toBeInTheDocument();
  });

  it("says so when the conversation's messages cannot be read, and still shows the ticket", async () => {
    fakeTicketsServer({ tickets: [external] });
    await renderTicket('tkt_ext');
    expect(
      await screen.findByText("The conversation's messages are not available right now."),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Conversation cnv_maya' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in chat takeover' })).toBeInTheDocument();
  });

  it('changes the assignee with PATCH /api/user/tickets', async () => {
    const { sent } = fakeTicketsServer({ tickets: [buildTicket()] });
    const { user } = await renderTicket('tkt_001');
    const assignee = await screen.findByLabelText('Assignee');
    await waitFor(() => expect(within(assignee).getAllByRole('option')).toHaveLength(3));

    await user.selectOptions(assignee, 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save assignee' }));
    expect(await screen.findByText('Assignee saved.')).toBeInTheDocument();
    expect(sent('PATCH')).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/tickets',
        body: { workspaceId: 'ws_fernhill', ticketId: 'tkt_001', assigneeId: 'usr_grace' },
      },
    ]);
  });

  it('resolves the ticket and marks it for follow-up; the page follows live', async () => {
    const { sent } = fakeTicketsServer({ tickets: [buildTicket()] });
    const { user } = await renderTicket('tkt_001');

    await user.click(await screen.findByRole('button', { name: 'Mark for follow-up' }));
    expect(await screen.findByText('Ticket marked for follow-up.')).toBeInTheDocument();
    await waitFor(() => expect(detail('Follow-up')).toHaveTextContent('Marked for follow-up'));

    await user.click(screen.getByRole('button', { name: 'Resolve ticket' }));
    expect(await screen.findByText('Ticket resolved.')).toBeInTheDocument();
    await waitFor(() => expect(detail('Status')).toHaveTextContent('Closed'));
    expect(screen.queryByRole('button', { name: 'Resolve ticket' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove follow-up mark' }));
    await waitFor(() => expect(detail('Follow-up')).toHaveTextContent('Not marked'));
    expect(sent('PATCH').map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/api/user/follow-up-tickets',
        body: { workspaceId: 'ws_fernhill', ticketIds: ['tkt_001'], isFollowedUp: true },
      },
      {
        url: '/api/user/resolve-tickets',
        body: { workspaceId: 'ws_fernhill', ticketIds: ['tkt_001'] },
      },
      {
        url: '/api/user/follow-up-tickets',
        body: { workspaceId: 'ws_fernhill', ticketIds: ['tkt_001'], isFollowedUp: false },
      },
    ]);
  });

  it("is the shell's 404 page for a ticket the workspace does not have", async () => {
    fakeTicketsServer({ tickets: [buildTicket()] });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = jest.fn();
    await renderTicket('tkt_nope', onError);

    await waitFor(() => expect(onError).toHaveBeenCalled());
    const error: unknown = onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(PageError);
    expect(error).toMatchObject({
      status: 404,
      message: 'Page Not Found: /dashboard/ws_fernhill/tickets/tkt_nope',
    });
    consoleError.mockRestore();
  });
});
