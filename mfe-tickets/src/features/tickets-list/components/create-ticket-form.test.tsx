import { screen, waitFor, within } from '@testing-library/react';
import { buildConversation, buildTickets } from '@testing/data-generators';
import { fakeTicketsServer } from '../../../testing/fake-tickets-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { TicketsPage } from './tickets-page';

async function openCreateForm() {
  await signIn();
  const view = renderPage(<TicketsPage />, {
    route: '/dashboard/ws_fernhill/tickets',
    path: '/dashboard/:workspaceId/tickets',
  });
  await screen.findByRole('table');
  await view.user.click(screen.getByRole('button', { name: 'Create ticket' }));
  const form = screen.getByRole('form', { name: 'New ticket' });
  const submit = () => view.user.click(within(form).getByRole('button', { name: 'Create ticket' }));
  return { ...view, form, submit };
}

describe('Create ticket', () => {
  it("checks an internal ticket with the API's schema before sending it", async () => {
    const { sent } = fakeTicketsServer({ tickets: buildTickets(1) });
    const { user, submit } = await openCreateForm();

    await submit();
    const subject = screen.getByLabelText('Subject');
    expect(subject).toHaveAccessibleDescription('Please enter a subject');
    expect(subject).toHaveFocus();

    await user.type(subject, 'Replace the broken bell');
    await user.type(screen.getByLabelText(/Recipient's e-mail/), 'not-an-address');
    await submit();
    const email = screen.getByLabelText(/Recipient's e-mail/);
    expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address');
    expect(email).toHaveFocus();
    expect(sent('POST')).toEqual([]);
  });

  it('creates an internal ticket, which appears in the list live', async () => {
    const { sent } = fakeTicketsServer({ tickets: buildTickets(1) });
    const { user, submit } = await openCreateForm();

    await user.type(screen.getByLabelText('Subject'), '  Replace the broken bell ');
    await user.type(screen.getByLabelText(/Recipient's first name/), 'Marie');
    await user.type(screen.getByLabelText(/Recipient's last name/), 'Curie');
    await user.type(screen.getByLabelText(/Recipient's e-mail/), 'marie@example.com');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: 'Grace Hopper' })).toHaveLength(1),
    );
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Grace Hopper');
    await submit();

    expect(await screen.findByText('Ticket created: Replace the broken bell.')).toBeInTheDocument();
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        url: '/api/user/tickets',
        body: {
          type: 'internal',
          workspaceId: 'ws_fernhill',
          subject: 'Replace the broken bell',
          recipientInfo: { firstName: 'Marie', lastName: 'Curie', email: 'marie@example.com' },
          assigneeId: 'usr_grace',
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/tickets/tkt_new1',
    );
    const row = await screen.findByRole('link', { name: 'Replace the broken bell' });
    expect(within(row.closest('tr') as HTMLElement).getByText('Grace Hopper')).toBeInTheDocument();
    expect(await screen.findByText('All (2)', { selector: 'label' })).toBeInTheDocument();
    // The form is ready for the next one.
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('links a ticket to a conversation picked from the workspace', async () => {
    const { sent } = fakeTicketsServer({
      tickets: buildTickets(1),
      conversations: [
        buildConversation({ id: 'cnv_042', subject: 'Where is my order?' }),
        buildConversation({
          id: 'cnv_043',
          customer: { firstName: '', lastName: '', email: null, orderId: null, verified: false },
        }),
      ],
    });
    const { user, submit } = await openCreateForm();
    await user.click(screen.getByText('Linked to a conversation'));

    await submit();
    expect(screen.getByLabelText('Conversation')).toHaveAccessibleDescription(
      'Please choose a conversation',
    );
    await user.selectOptions(
      screen.getByLabelText('Conversation'),
      'Anonymous User · Conversation cnv_043',
    );
    await submit();

    expect(await screen.findByText('Ticket created: Conversation cnv_043.')).toBeInTheDocument();
    expect(sent('POST').map((request) => request.body)).toEqual([
      { type: 'external', workspaceId: 'ws_fernhill', conversationId: 'cnv_043', assigneeId: null },
    ]);
    expect(
      screen.getByRole('option', { name: 'Maya Patel · Where is my order?' }),
    ).toBeInTheDocument();
  });

  it('takes a conversation ID when the conversations cannot be listed', async () => {
    const { sent } = fakeTicketsServer({ tickets: buildTickets(1) });
    const { user, submit } = await openCreateForm();
    await user.click(screen.getByText('Linked to a conversation'));

    const field = await screen.findByLabelText('Conversation ID');
    expect(field).toHaveAccessibleDescription(/could not be listed/);
    await user.type(field, 'cnv_777');
    await submit();
    await screen.findByText('Ticket created: Conversation cnv_777.');
    expect(sent('POST').map((request) => request.body)).toEqual([
      { type: 'external', workspaceId: 'ws_fernhill', conversationId: 'cnv_777', assigneeId: null },
    ]);
  });
});
