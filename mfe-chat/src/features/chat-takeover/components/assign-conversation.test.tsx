import { screen, waitFor, within } from '@testing-library/react';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from './chat-takeover-page';

const maya = buildConversation({ id: 'cnv_maya', assigneeId: null });
const leo = buildConversation({
  id: 'cnv_leo',
  customerId: 'cus_leo',
  customer: { firstName: 'Leo', lastName: 'Brandt', email: null, orderId: null, verified: false },
  assigneeId: 'usr_grace',
  updatedAt: '2025-03-01T10:00:00.000Z',
});
const noor = buildConversation({
  id: 'cnv_noor',
  customerId: 'cus_noor',
  customer: { firstName: 'Noor', lastName: 'Haddad', email: null, orderId: null, verified: false },
  assigneeId: 'usr_ada',
  updatedAt: '2025-03-01T09:50:00.000Z',
});

async function renderTakeover(
  route: string,
  assign: (request: FakeRequest) => ReturnType<typeof notFoundReply> = notFoundReply,
) {
  const api = fakeApi((request) => {
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    if (request.url === '/api/user/assign-conversation') return assign(request);
    return notFoundReply(request);
  });
  await signIn();
  const live = connectFakeLiveCollections({
    conversations: [maya, leo, noor],
    messages: [buildMessage()],
    customers: [buildCustomer()],
  });
  const view = renderPage(<ChatTakeoverPage />, {
    route,
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
  });
  return { ...view, live, requests: api.requests };
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('span')?.textContent);
const assigneeFilter = (name: string) =>
  within(screen.getByRole('group', { name: 'Assigned to' }))
    .getByRole('radio', { name })
    .closest('label') as HTMLElement;

describe('Chat takeover: assignment', () => {
  it('shows who answers each conversation, and filters mine, unassigned and all', async () => {
    const { user, live } = await renderTakeover('/dashboard/ws_fernhill/chat-takeover');
    await waitFor(() => expect(rowNames()).toEqual(['Leo Brandt', 'Noor Haddad', 'Maya Patel']));
    const list = screen.getByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(list).toHaveTextContent('Assigned to Grace Hopper'));
    expect(list).toHaveTextContent('Assigned to You');
    expect(within(list).getAllByText(/^Assigned to/)).toHaveLength(2);

    await user.click(assigneeFilter('Mine'));
    await waitFor(() => expect(rowNames()).toEqual(['Noor Haddad']));
    expect(screen.getByTestId('location')).toHaveTextContent('?assignee=mine');
    expect(live.queries('conversations')).toContainEqual(
      expect.objectContaining({ where: [{ field: 'assigneeId', op: '==', value: 'usr_ada' }] }),
    );

    await user.click(assigneeFilter('Unassigned'));
    await waitFor(() => expect(rowNames()).toEqual(['Maya Patel']));

    // Assigned to the signed-in user elsewhere: it joins "mine" live.
    await user.click(assigneeFilter('Mine'));
    await waitFor(() => expect(rowNames()).toEqual(['Noor Haddad']));
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) =>
        doc.id === 'cnv_maya' ? { ...doc, assigneeId: 'usr_ada' } : doc,
      );
    });
    await waitFor(() => expect(rowNames()).toEqual(['Noor Haddad', 'Maya Patel']));

    await user.click(assigneeFilter('All'));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(screen.getByTestId('location')).toHaveTextContent(/\/chat-takeover$/);
  });

  it('takes the conversation, gives it to a colleague, or unassigns it', async () => {
    const { user, live, requests } = await renderTakeover(
      '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
      (request) => {
        const { assigneeId } = request.body as { assigneeId: string | null };
        void live.commit((data) => {
          data.conversations = data.conversations!.map((doc) =>
            doc.id === 'cnv_maya' ? { ...doc, assigneeId } : doc,
          );
        });
        return { status: 200, body: { ...maya, assigneeId } };
      },
    );
    const assignee = await screen.findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(assignee).toBeEnabled());
    expect(assignee).toHaveDisplayValue('Unassigned');
    // Active members only; the signed-in user is marked.
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Unassigned', 'Ada Lovelace (you)', 'Grace Hopper']);

    await user.selectOptions(assignee, 'Ada Lovelace (you)');
    await waitFor(() => expect(assignee).toHaveDisplayValue('Ada Lovelace (you)'));
    await user.selectOptions(assignee, 'Grace Hopper');
    await waitFor(() => expect(assignee).toHaveDisplayValue('Grace Hopper'));
    await user.selectOptions(assignee, 'Unassigned');
    await waitFor(() => expect(assignee).toHaveDisplayValue('Unassigned'));

    expect(
      requests
        .filter((request) => request.url === '/api/user/assign-conversation')
        .map((request) => request.body),
    ).toEqual([
      { workspaceId: 'ws_fernhill', conversationId: 'cnv_maya', assigneeId: 'usr_ada' },
      { workspaceId: 'ws_fernhill', conversationId: 'cnv_maya', assigneeId: 'usr_grace' },
      { workspaceId: 'ws_fernhill', conversationId: 'cnv_maya', assigneeId: null },
    ]);
  });

  it('says when assigning failed, and keeps the assignee shown', async () => {
    const { user } = await renderTakeover('/dashboard/ws_fernhill/chat-takeover/cnv_maya', () =>
      errorReply(400, 'invalid-argument', 'Alan Turing is not an active member'),
    );
    const assignee = await screen.findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(assignee).toBeEnabled());
    await user.selectOptions(assignee, 'Grace Hopper');
    expect(await screen.findByText('Alan Turing is not an active member')).toBeInTheDocument();
    expect(assignee).toHaveDisplayValue('Unassigned');
  });
});
