import { screen, waitFor, within } from '@testing-library/react';
import { pendingConversationsQuery, type LiveQuery } from 'shared-sdk';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { buildConversation } from '@testing/data-generators';
import { connectFakeLive, type FakeLiveServer } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from './chat-takeover-page';

const maya = buildConversation({
  id: 'cnv_maya',
  status: 'open',
  updatedAt: '2025-03-01T09:30:00.000Z',
  messagesCount: 4,
  messagesSeenCount: { usr_ada: 4 },
});
const anonymous = buildConversation({
  id: 'cnv_anon',
  customerId: 'cus_anon',
  status: 'pending',
  customer: { firstName: '', lastName: ' ', email: null, orderId: null, verified: false },
  lastMessage: {
    role: 'bot',
    content: 'Let me find a person.',
    timestamp: '2025-03-01T08:00:00.000Z',
  },
  updatedAt: '2025-03-01T08:00:00.000Z',
  messagesCount: 5,
  messagesSeenCount: { usr_ada: 2, usr_grace: 5 },
});
const leo = buildConversation({
  id: 'cnv_leo',
  customerId: 'cus_leo',
  status: 'resolved',
  customer: { firstName: 'Leo', lastName: 'Brandt', email: null, orderId: null, verified: false },
  lastMessage: {
    role: 'agent',
    content: 'Glad I could help!',
    timestamp: '2025-03-01T10:00:00.000Z',
  },
  updatedAt: '2025-03-01T10:00:00.000Z',
  messagesCount: 3,
  // More seen than there are (e.g. a message was removed): never a negative count.
  messagesSeenCount: { usr_ada: 7 },
});

async function renderTakeover({
  docs = () => [maya, anonymous, leo],
  route = '/dashboard/ws_fernhill/chat-takeover',
}: { docs?: (query: LiveQuery) => object[]; route?: string } = {}) {
  fakeApi(notFoundReply);
  await signIn();
  const live = connectFakeLive((query) => docs(query) as never);
  const view = renderPage(<ChatTakeoverPage />, {
    route,
    path: '/dashboard/:workspaceId/chat-takeover',
  });
  return { ...view, live };
}

/** The list's queries (not the pending conversations the page also reads). */
const listQueries = (live: FakeLiveServer) =>
  live.queries().filter((query) => query.orderBy?.[0]?.field === 'isPending');

const rows = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('span')?.textContent);
/** The filter tab (a radio button drawn as its label). */
const filterOption = (name: string) =>
  screen.getByRole('radio', { name }).closest('label') as HTMLElement;
const rowOf = (name: string) =>
  screen
    .getAllByRole('link')
    .find((link) => link.querySelector('span')?.textContent === name) as HTMLElement;

describe('Chat takeover page', () => {
  it('asks for the workspace conversations, pending first then the most recently updated', async () => {
    const { live } = await renderTakeover();

    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(rows()).toEqual(['Anonymous User', 'Leo Brandt', 'Maya Patel']);
    expect(live.queries()).toEqual([
      {
        collection: 'conversations',
        workspaceId: 'ws_fernhill',
        orderBy: [
          { field: 'isPending', direction: 'desc' },
          { field: 'updatedAt', direction: 'desc' },
        ],
        limit: 25,
      },
      // "Next pending" walks the pending ones (the header counts them with the same query).
      pendingConversationsQuery('ws_fernhill'),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Chat takeover' })).toBeInTheDocument();
    expect(document.title).toBe('Chat takeover · Parley');
  });

  it('shows each customer, the last message with who sent it, the status and unread count', async () => {
    await renderTakeover();
    await screen.findByRole('list', { name: 'Conversations' });

    const anonymousRow = within(rowOf('Anonymous User'));
    expect(anonymousRow.getByText('Bot: Let me find a person.')).toBeInTheDocument();
    expect(anonymousRow.getByText('Pending')).toBeInTheDocument();
    // 5 messages, 2 seen by the signed-in user (what others saw does not count).
    expect(anonymousRow.getByText('3 unread messages')).toBeInTheDocument();

    const leoRow = within(rowOf('Leo Brandt'));
    expect(leoRow.getByText('Agent: Glad I could help!')).toBeInTheDocument();
    expect(leoRow.getByText('Resolved')).toBeInTheDocument();
    expect(leoRow.queryByText(/unread/)).not.toBeInTheDocument();

    const mayaRow = within(rowOf('Maya Patel'));
    expect(mayaRow.getByText('Customer: Where is my order?')).toBeInTheDocument();
    expect(mayaRow.getByText('Open')).toBeInTheDocument();
    expect(mayaRow.queryByText(/unread/)).not.toBeInTheDocument();
    expect(rowOf('Maya Patel').querySelector('time')).toHaveAttribute(
      'datetime',
      '2025-03-01T09:30:00.000Z',
    );
  });

  it('links each row to its conversation, and arrow keys move between rows', async () => {
    const { user } = await renderTakeover();
    await screen.findByRole('list', { name: 'Conversations' });

    expect(rowOf('Leo Brandt')).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/chat-takeover/cnv_leo',
    );
    rowOf('Anonymous User').focus();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Leo Brandt')).toHaveFocus();
    await user.keyboard('{End}');
    expect(rowOf('Maya Patel')).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/dashboard/ws_fernhill/chat-takeover/cnv_leo',
    );
  });

  it('updates live: a new conversation appears, one that becomes pending moves to the top', async () => {
    const { live } = await renderTakeover();
    await screen.findByRole('list', { name: 'Conversations' });

    const noor = buildConversation({
      id: 'cnv_noor',
      customerId: 'cus_noor',
      customer: {
        firstName: 'Noor',
        lastName: 'Haddad',
        email: null,
        orderId: null,
        verified: false,
      },
      updatedAt: '2025-03-01T11:00:00.000Z',
      messagesCount: 1,
    });
    await live.commit('conversations', [{ type: 'added', doc: noor }]);
    expect(rows()).toEqual(['Anonymous User', 'Noor Haddad', 'Leo Brandt', 'Maya Patel']);
    expect(within(rowOf('Noor Haddad')).getByText('1 unread message')).toBeInTheDocument();

    await live.commit('conversations', [
      {
        type: 'modified',
        doc: {
          ...maya,
          status: 'pending',
          isPending: true,
          messagesCount: 6,
          lastMessage: {
            role: 'user',
            content: 'Can I talk to a person?',
            timestamp: '2025-03-01T11:05:00.000Z',
          },
          updatedAt: '2025-03-01T11:05:00.000Z',
        },
      },
    ]);
    expect(rows()).toEqual(['Maya Patel', 'Anonymous User', 'Noor Haddad', 'Leo Brandt']);
    const mayaRow = within(rowOf('Maya Patel'));
    expect(mayaRow.getByText('Customer: Can I talk to a person?')).toBeInTheDocument();
    expect(mayaRow.getByText('2 unread messages')).toBeInTheDocument();

    await live.commit('conversations', [{ type: 'removed', doc: leo }]);
    expect(rows()).toEqual(['Maya Patel', 'Anonymous User', 'Noor Haddad']);
  });

  it('filters by status, kept in the address', async () => {
    const { user, live } = await renderTakeover({
      docs: (query) =>
        [maya, anonymous, leo].filter((conversation) =>
          (query.where ?? []).every((condition) => conversation.status === condition.value),
        ),
    });
    await screen.findByRole('list', { name: 'Conversations' });

    await user.click(filterOption('Pending'));
    await waitFor(() => expect(rows()).toEqual(['Anonymous User']));
    expect(listQueries(live).at(-1)?.where).toEqual([
      { field: 'status', op: '==', value: 'pending' },
    ]);

    await user.click(filterOption('Open'));
    await waitFor(() => expect(rows()).toEqual(['Maya Patel']));
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
  });

  it('filters by channel: the list query asks the server for e-mail or widget conversations', async () => {
    const mail = buildConversation({
      id: 'cnv_mail',
      customerId: 'cus_ada',
      channel: 'email',
      customer: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        orderId: null,
        verified: false,
      },
      updatedAt: '2025-03-01T11:00:00.000Z',
    });
    const { user, live } = await renderTakeover({
      docs: (query) =>
        [maya, anonymous, leo, mail].filter((conversation) =>
          (query.where ?? []).every(
            (condition) =>
              (condition.field === 'channel' ? conversation.channel : conversation.status) ===
              condition.value,
          ),
        ),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(rows()).toHaveLength(4);

    await user.click(filterOption('E-mail'));
    await waitFor(() => expect(rows()).toEqual(['Ada Lovelace']));
    expect(listQueries(live).at(-1)?.where).toEqual([
      { field: 'channel', op: '==', value: 'email' },
    ]);

    await user.click(filterOption('Widget'));
    await waitFor(() => expect(rows()).toEqual(['Anonymous User', 'Leo Brandt', 'Maya Patel']));
    // With a status too, both filters go to the server.
    await user.click(filterOption('Pending'));
    await waitFor(() => expect(rows()).toEqual(['Anonymous User']));
    expect(listQueries(live).at(-1)?.where).toEqual([
      { field: 'status', op: '==', value: 'pending' },
      { field: 'channel', op: '==', value: 'widget' },
    ]);
  });

  it('opens with the channel of the address, and says when it has no conversations', async () => {
    const { live } = await renderTakeover({
      docs: () => [],
      route: '/dashboard/ws_fernhill/chat-takeover?channel=email',
    });

    expect(await screen.findByText('No e-mail conversations here.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'E-mail' })).toBeChecked();
    expect(listQueries(live).at(-1)?.where).toEqual([
      { field: 'channel', op: '==', value: 'email' },
    ]);
  });

  it('opens with the filter of the address, and says when nothing matches', async () => {
    await renderTakeover({
      docs: () => [],
      route: '/dashboard/ws_fernhill/chat-takeover?status=resolved',
    });

    expect(await screen.findByText('No resolved conversations yet.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Resolved' })).toBeChecked();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('shows loading, then the empty state of a new workspace', async () => {
    await renderTakeover({ docs: () => [] });

    expect(screen.getByText('Loading conversations…')).toBeInTheDocument();
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more when the list is full, keeping what is shown', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      buildConversation({
        id: `cnv_${String(index).padStart(2, '0')}`,
        customer: {
          firstName: `Customer ${index}`,
          lastName: '',
          email: null,
          orderId: null,
          verified: false,
        },
        updatedAt: new Date(Date.UTC(2025, 2, 1, 12, 0, 0) - index * 60_000).toISOString(),
      }),
    );
    const { user, live } = await renderTakeover({
      docs: (query) => many.slice(0, query.limit ?? many.length),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(rows()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(listQueries(live).map((query) => query.limit)).toEqual([50]);
    expect(rows().at(-1)).toBe('Customer 29');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the list cannot be read, and tries again', async () => {
    const { user, live } = await renderTakeover();
    await screen.findByRole('list', { name: 'Conversations' });

    await live.refuse('conversations', 'permission-denied', 'Admins only');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the conversations of this workspace.",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(listQueries(live)).toHaveLength(1);
  });
});
