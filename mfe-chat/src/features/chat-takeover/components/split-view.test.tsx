import { screen, waitFor, within } from '@testing-library/react';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { alertSoundStorageKey } from 'shared-ui/controls';
import { ChatTakeoverPage } from './chat-takeover-page';

const maya = buildConversation({
  id: 'cnv_maya',
  status: 'open',
  updatedAt: '2025-03-01T09:30:00.000Z',
});
const mayaBefore = buildConversation({
  id: 'cnv_maya_feb',
  status: 'resolved',
  lastMessage: {
    role: 'agent',
    content: 'Your refund is on its way.',
    timestamp: '2025-02-10T10:00:00.000Z',
  },
  createdAt: '2025-02-10T09:00:00.000Z',
  updatedAt: '2025-02-10T10:00:00.000Z',
});
const leo = buildConversation({
  id: 'cnv_leo',
  customerId: 'cus_leo',
  status: 'pending',
  customer: { firstName: 'Leo', lastName: 'Brandt', email: null, orderId: null, verified: false },
  updatedAt: '2025-03-01T10:00:00.000Z',
});
const noor = buildConversation({
  id: 'cnv_noor',
  customerId: 'cus_noor',
  status: 'pending',
  customer: { firstName: 'Noor', lastName: 'Haddad', email: null, orderId: null, verified: false },
  updatedAt: '2025-03-01T09:45:00.000Z',
});

async function renderSplitView(route: string) {
  fakeApi((request) =>
    request.url === '/api/user/users?workspaceId=ws_fernhill'
      ? { status: 200, body: buildMembers() }
      : notFoundReply(request),
  );
  await signIn();
  const live = connectFakeLiveCollections({
    conversations: [maya, mayaBefore, leo, noor],
    messages: [buildMessage({ id: 'msg_1', conversationId: 'cnv_maya' })],
    customers: [buildCustomer()],
  });
  const view = renderPage(<ChatTakeoverPage />, {
    route,
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
  });
  return { ...view, live };
}

const list = () => screen.getByRole('list', { name: 'Conversations' });
/** The list's row of a conversation. */
const row = (id: string) =>
  within(list())
    .getAllByRole('link')
    .find((link) => link.getAttribute('href')?.split('?')[0]?.endsWith(`/${id}`)) as HTMLElement;
const location = () => screen.getByTestId('location').textContent;

describe('Chat takeover split view', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows the list, the open conversation and the customer with their earlier conversations', async () => {
    const { user } = await renderSplitView(
      '/dashboard/ws_fernhill/chat-takeover/cnv_maya?status=all',
    );

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat takeover' })).toBeInTheDocument();
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(4));
    // The open conversation is marked in the list; links keep the list's filter.
    expect(row('cnv_maya')).toHaveAttribute('aria-current', 'page');
    expect(row('cnv_leo')).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/chat-takeover/cnv_leo?status=all',
    );
    expect(
      within(screen.getByRole('region', { name: 'Maya Patel' })).getByRole('region', {
        name: /^Messages with/,
      }),
    ).toHaveTextContent('Where is my order?');

    const customer = within(screen.getByRole('region', { name: 'Customer' }));
    expect(customer.getByText('maya@example.com')).toBeInTheDocument();
    expect(await customer.findByText('Mar 1, 2025')).toBeInTheDocument();

    // History: the customer's other conversation, one click away.
    const history = within(screen.getByRole('region', { name: 'Earlier conversations' }));
    const earlier = await history.findByRole('link', { name: /Your refund is on its way/ });
    expect(history.getAllByRole('link')).toHaveLength(1);
    await user.click(earlier);
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_maya_feb?status=all');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(row('cnv_maya')).not.toHaveAttribute('aria-current'));
  });

  it('offers the next pending conversation while none is open', async () => {
    const { user } = await renderSplitView('/dashboard/ws_fernhill/chat-takeover');

    expect(await screen.findByText('2 customers are waiting for a person.')).toBeInTheDocument();
    expect(document.title).toBe('Chat takeover · Parley');
    await user.click(screen.getByRole('button', { name: 'Open the next pending conversation' }));
    // The newest pending first.
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_leo');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Leo Brandt' }),
    ).toBeInTheDocument();
  });

  it('is worked from the keyboard: j/k move, Enter opens, r replies, Escape leaves, e resolves, n next pending', async () => {
    const { user } = await renderSplitView('/dashboard/ws_fernhill/chat-takeover');
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(4));

    // Pending first (newest first), then by updatedAt.
    await user.keyboard('j');
    expect(row('cnv_leo')).toHaveFocus();
    await user.keyboard('jj');
    expect(row('cnv_maya')).toHaveFocus();
    await user.keyboard('k');
    expect(row('cnv_noor')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_noor');
    await screen.findByRole('heading', { level: 2, name: 'Noor Haddad' });

    await user.keyboard('r');
    expect(screen.getByLabelText('Your reply')).toHaveFocus();
    // Letters typed there are text, not shortcuts.
    await user.keyboard('jen');
    expect(screen.getByLabelText('Your reply')).toHaveValue('jen');
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_noor');
    await user.keyboard('{Escape}');
    expect(row('cnv_noor')).toHaveFocus();

    await user.keyboard('e');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Resolve the conversation with Noor Haddad?');
    // Shortcuts sleep while the dialog is open.
    await user.keyboard('n');
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_noor');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.keyboard('n');
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_leo');
    await user.keyboard('n');
    // After the last pending one, back to the first.
    expect(location()).toBe('/dashboard/ws_fernhill/chat-takeover/cnv_noor');
  });

  it('asks for the notification permission only when the agent chooses, and keeps the sound setting', async () => {
    const requestPermission = jest.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
    }
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      writable: true,
      value: FakeNotification,
    });
    const { user } = await renderSplitView('/dashboard/ws_fernhill/chat-takeover');
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(4));
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notifications are on in this browser.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).not.toBeInTheDocument();

    const sound = screen.getByRole('checkbox', { name: 'Play a sound' });
    expect(sound).not.toBeChecked();
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(window.localStorage.getItem(alertSoundStorageKey)).toBe('on');
  });
});
