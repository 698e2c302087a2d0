import { screen, waitFor, within } from '@testing-library/react';
import type { LiveQuery } from 'shared-sdk';
import { PageError } from 'shared-sdk';
import type { Conversation, Message } from 'shared-sdk/schemas';
import {
  deferred,
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import {
  buildConversation,
  buildCustomer,
  buildMembers,
  buildMessage,
  buildTicket,
} from '@testing/data-generators';
import { connectFakeLive } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from './chat-takeover-page';

/** What a send carries so that a retry is stored once (see shared-sdk client-id). */
const sendId = expect.stringMatching(/^[0-9a-f]{32}$/);

const route = '/dashboard/ws_fernhill/chat-takeover/cnv_maya';
const ref = { workspaceId: 'ws_fernhill', conversationId: 'cnv_maya' };

const question = buildMessage({
  id: 'msg_1',
  content: 'Where is my order?',
  timestamp: '2025-03-01T09:01:00.000Z',
});
const botAnswer = buildMessage({
  id: 'msg_2',
  role: 'bot',
  senderId: 'bot_fernhill',
  content: 'Let me find someone who can check.',
  timestamp: '2025-03-01T09:02:00.000Z',
});
const graceReply = buildMessage({
  id: 'msg_3',
  role: 'agent',
  senderId: 'usr_grace',
  content: 'It left our warehouse today.',
  timestamp: '2025-03-01T09:03:00.000Z',
});

/** The API: members for names and the assignee; `calls` answers every POST. */
function chatApi(calls: (request: FakeRequest) => FakeReply | Promise<FakeReply> = notFoundReply) {
  return fakeApi((request) => {
    if (request.method === 'GET' && request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    if (request.method === 'POST') return calls(request);
    return notFoundReply(request);
  });
}

async function renderConversation({
  conversation = buildConversation({ messagesCount: 3, messagesSeenCount: { usr_ada: 3 } }),
  messages = [graceReply, question, botAnswer],
  calls,
  path = route,
}: {
  conversation?: Conversation | null;
  messages?: Message[];
  calls?: (request: FakeRequest) => FakeReply | Promise<FakeReply>;
  path?: string;
} = {}) {
  const api = chatApi(calls);
  await signIn();
  const live = connectFakeLive((query: LiveQuery) => {
    if (query.collection === 'conversations') return conversation ? [conversation] : [];
    if (query.collection === 'messages') return messages;
    if (query.collection === 'customers') return [buildCustomer()];
    return [];
  });
  const errors: unknown[] = [];
  const view = renderPage(<ChatTakeoverPage />, {
    route: path,
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    onError: (error) => errors.push(error),
  });
  return { ...view, live, errors, requests: api.requests };
}

const posts = (requests: FakeRequest[], url: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === url);
const messageItems = () =>
  within(screen.getByRole('region', { name: /^Messages with/ })).getAllByRole('listitem');
const composer = () => screen.getByLabelText('Your reply');
/** The split view's middle pane, named after the customer. */
const openPane = (name = 'Maya Patel') => screen.getByRole('region', { name });

describe('Conversation page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the messages in timestamp order, each role apart, and the customer', async () => {
    const { live } = await renderConversation();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(messageItems()).toHaveLength(3));
    expect(messageItems().map((item) => item.getAttribute('data-role'))).toEqual([
      'user',
      'bot',
      'agent',
    ]);
    const [first, second, third] = messageItems();
    expect(first).toHaveTextContent('Maya Patel');
    expect(first).toHaveTextContent('Where is my order?');
    expect(second).toHaveTextContent('Bot');
    // Another agent by name (from the workspace's members).
    await waitFor(() => expect(third).toHaveTextContent('Grace Hopper'));
    expect(live.queries()).toContainEqual({
      collection: 'messages',
      ...ref,
      orderBy: [{ field: 'timestamp', direction: 'asc' }],
    });

    const details = within(screen.getByRole('region', { name: 'Customer' }));
    expect(details.getByText('maya@example.com')).toHaveAttribute(
      'href',
      'mailto:maya@example.com',
    );
    expect(details.getByText('ORD-1042')).toBeInTheDocument();
    // product-spec.md §3: phone and order details are placeholders.
    expect(details.getAllByText('Not provided')).toHaveLength(2);
    expect(within(openPane()).getByText('Open')).toBeInTheDocument();
    expect(document.title).toBe('Maya Patel · Parley');
  });

  it('shows a customer without a name as Anonymous User', async () => {
    const conversation = buildConversation({
      customer: { firstName: '', lastName: '', email: null, orderId: null, verified: false },
    });
    fakeApi(notFoundReply);
    await signIn();
    connectFakeLive((query) => {
      if (query.collection === 'conversations') return [conversation];
      if (query.collection === 'customers') {
        return [
          buildCustomer({
            firstName: '',
            lastName: '',
            email: null,
            orderId: null,
          }),
        ];
      }
      return [];
    });
    renderPage(<ChatTakeoverPage />, {
      route,
      path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Anonymous User' }),
    ).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: 'Customer' }));
    expect(details.getByText('Anonymous User')).toBeInTheDocument();
    // Once the customer's own document is read: when they were first seen.
    expect(await details.findByText('Mar 1, 2025')).toBeInTheDocument();
    expect(details.getAllByText('Not provided')).toHaveLength(4);
    expect(details.getByText('Not verified')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('says whether the customer is verified, in the header and the details', async () => {
    const conversation = buildConversation({
      customer: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@shop.example',
        orderId: null,
        verified: true,
      },
    });
    fakeApi(notFoundReply);
    await signIn();
    connectFakeLive((query) => {
      if (query.collection === 'conversations') return [conversation];
      if (query.collection === 'customers') {
        // The customer's own document: their business signed their user id.
        return [buildCustomer({ firstName: 'Grace', lastName: 'Hopper', userId: 'shop-7' })];
      }
      return [];
    });
    renderPage(<ChatTakeoverPage />, {
      route,
      path: '/dashboard/:workspaceId/chat-takeover/:conversationId',
    });

    const details = within(await screen.findByRole('region', { name: 'Customer' }));
    expect(await details.findByText('Verified')).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 2, name: 'Grace Hopper' }).parentElement!;
    expect(within(header).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
  });

  it('shows attachments (images inline, other files to download) and forms', async () => {
    const withFiles = buildMessage({
      id: 'msg_files',
      content: '',
      form: { 'Order number': 'ORD-1042', Size: 'M' },
      attachments: [
        {
          path: 'attachments/cnv_maya/bike-a1b2.png',
          url: '/api/storage/attachments/cnv_maya/bike-a1b2.png',
          originalName: 'bike.png',
          contentType: 'image/png',
          size: 2048,
        },
        {
          path: 'attachments/cnv_maya/receipt-c3d4.pdf',
          url: '/api/storage/attachments/cnv_maya/receipt-c3d4.pdf',
          originalName: 'receipt.pdf',
          contentType: 'application/pdf',
          size: 1_572_864,
        },
      ],
    });
    await renderConversation({ messages: [withFiles] });

    expect(await screen.findByRole('img', { name: 'bike.png' })).toHaveAttribute(
      'src',
      '/api/storage/attachments/cnv_maya/bike-a1b2.png',
    );
    const download = screen.getByRole('link', { name: /receipt\.pdf \(1\.5 MB\)/ });
    expect(download).toHaveAttribute('href', '/api/storage/attachments/cnv_maya/receipt-c3d4.pdf');
    expect(download).toHaveAttribute('download', 'receipt.pdf');
    expect(screen.getByLabelText('Form')).toHaveTextContent('Order numberORD-1042SizeM');
  });

  it('marks the messages seen, with a marker where the new ones begin, and again as more arrive', async () => {
    const { live, requests } = await renderConversation({
      conversation: buildConversation({ messagesCount: 3, messagesSeenCount: { usr_ada: 1 } }),
    });

    await waitFor(() =>
      expect(posts(requests, '/api/user/seen-message')).toEqual([
        { method: 'POST', url: '/api/user/seen-message', body: { ...ref, messagesSeenCount: 3 } },
      ]),
    );
    // The marker comes after the one message seen before.
    const list = screen.getByRole('separator', { name: '' }).parentElement as HTMLElement;
    expect(
      Array.from(list.children).map(
        (item) => item.getAttribute('data-role') ?? item.getAttribute('role'),
      ),
    ).toEqual(['user', 'separator', 'bot', 'agent']);
    expect(screen.getByRole('separator')).toHaveTextContent('New messages');

    // The customer writes again: the message appears live, last, and is marked seen.
    const followUp = buildMessage({
      id: 'msg_4',
      content: 'Thanks! When will it arrive?',
      timestamp: '2025-03-01T09:04:00.000Z',
    });
    await live.commit('messages', [{ type: 'added', doc: followUp }]);
    await live.commit('conversations', [
      {
        type: 'modified',
        doc: buildConversation({ messagesCount: 4, messagesSeenCount: { usr_ada: 3 } }),
      },
    ]);
    expect(messageItems().at(-1)).toHaveTextContent('Thanks! When will it arrive?');
    await waitFor(() =>
      expect(posts(requests, '/api/user/seen-message').map((r) => r.body)).toEqual([
        { ...ref, messagesSeenCount: 3 },
        { ...ref, messagesSeenCount: 4 },
      ]),
    );
  });

  it('does not mark anything when every message was seen', async () => {
    const { requests } = await renderConversation();
    await waitFor(() => expect(messageItems()).toHaveLength(3));

    expect(posts(requests, '/api/user/seen-message')).toEqual([]);
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
  });

  it('takes the conversation over from the bot', async () => {
    const { user, live, requests } = await renderConversation({
      calls: () => ({ status: 200, body: {} }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    expect(composer()).toHaveAccessibleDescription(/The bot is answering this conversation/);
    await user.click(screen.getByRole('button', { name: 'Take over' }));
    expect(posts(requests, '/api/user/take-over-conversation')).toEqual([
      { method: 'POST', url: '/api/user/take-over-conversation', body: ref },
    ]);

    await live.commit('conversations', [
      {
        type: 'modified',
        doc: buildConversation({
          agentIds: ['usr_ada'],
          messagesCount: 3,
          messagesSeenCount: { usr_ada: 3 },
        }),
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
    expect(screen.getByText('You are answering this conversation.')).toBeInTheDocument();
    expect(composer()).not.toHaveAccessibleDescription(/The bot is answering/);
  });

  it('says when taking over failed', async () => {
    const { user } = await renderConversation({
      calls: () => errorReply(403, 'permission-denied', 'Only admins can take over'),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.click(screen.getByRole('button', { name: 'Take over' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only admins can take over');
    expect(screen.getByRole('button', { name: 'Take over' })).toBeEnabled();
  });

  it('sends a reply as agent with Enter (Shift+Enter is a new line), disabled while it sends', async () => {
    const reply = deferred<FakeReply>();
    const { user, live, requests } = await renderConversation({ calls: () => reply.promise });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.type(composer(), 'It ships today.{Shift>}{Enter}{/Shift}Tracking follows.');
    expect(composer()).toHaveValue('It ships today.\nTracking follows.');
    await user.keyboard('{Enter}');

    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(posts(requests, '/api/user/messages')).toEqual([
      {
        method: 'POST',
        url: '/api/user/messages',
        body: {
          ...ref,
          content: 'It ships today.\nTracking follows.',
          role: 'agent',
          clientId: sendId,
        },
      },
    ]);
    reply.resolve({ status: 201, body: {} });
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    // The message arrives through the live query, as every other.
    await live.commit('messages', [
      {
        type: 'added',
        doc: buildMessage({
          id: 'msg_4',
          role: 'agent',
          senderId: 'usr_ada',
          content: 'It ships today.\nTracking follows.',
          timestamp: '2025-03-01T09:10:00.000Z',
        }),
      },
    ]);
    expect(messageItems().at(-1)).toHaveTextContent('You');
    expect(messageItems().at(-1)).toHaveTextContent('Tracking follows.');
  });

  it('keeps the reply and says so when it could not be sent', async () => {
    const { user } = await renderConversation({
      calls: () => errorReply(503, 'unavailable', 'Messages are unavailable right now'),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.type(composer(), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Messages are unavailable right now',
    );
    expect(composer()).toHaveValue('Hello?');
  });

  it('keeps a draft reply through a reload of the page, and forgets it once sent', async () => {
    const first = await renderConversation({ calls: () => ({ status: 201, body: {} }) });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    await first.user.type(composer(), 'Your parcel left the depot');
    first.unmount();

    const second = await renderConversation({ calls: () => ({ status: 201, body: {} }) });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    expect(composer()).toHaveValue('Your parcel left the depot');
    await second.user.type(composer(), ' this morning.{Enter}');
    await waitFor(() => expect(composer()).toHaveValue(''));
    expect(posts(second.requests, '/api/user/messages')[0]?.body).toMatchObject({
      content: 'Your parcel left the depot this morning.',
    });
    second.unmount();

    await renderConversation();
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    expect(composer()).toHaveValue('');
  });

  it('asks for a message or a file before sending anything', async () => {
    const { user, requests } = await renderConversation();
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.type(composer(), '   {Enter}');
    expect(composer()).toHaveAccessibleDescription(
      /Please write a message, attach a file or add details/,
    );
    expect(posts(requests, '/api/user/messages')).toEqual([]);
  });

  it('uploads attached files to the conversation, then sends them with the message', async () => {
    const { user, requests } = await renderConversation({
      calls: (request) => {
        if (request.url.startsWith('/api/storage/upload')) {
          return {
            status: 201,
            body: {
              path: 'attachments/cnv_maya/label-x7y8.pdf',
              url: '/api/storage/attachments/cnv_maya/label-x7y8.pdf',
              originalName: 'label.pdf',
              contentType: 'application/pdf',
              size: 5,
            },
          };
        }
        return { status: 201, body: {} };
      },
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    const file = new File(['label'], 'label.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attach files'), file);
    expect(
      within(screen.getByRole('list', { name: 'Files to send' })).getByText(/label\.pdf/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(posts(requests, '/api/user/messages')).toHaveLength(1));
    const [upload] = requests.filter((request) => request.url.startsWith('/api/storage/upload'));
    expect(upload?.url).toBe(
      `/api/storage/upload?path=${encodeURIComponent('attachments/cnv_maya/label.pdf')}`,
    );
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(posts(requests, '/api/user/messages')[0]?.body).toEqual({
      ...ref,
      content: '',
      role: 'agent',
      clientId: sendId,
      attachments: [{ path: 'attachments/cnv_maya/label-x7y8.pdf' }],
    });
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument(),
    );
  });

  describe('details (the message form)', () => {
    const details = () => screen.getByRole('group', { name: 'Details' });
    const field = (number: number) =>
      within(details()).getByRole('group', { name: `Field ${number}` });
    const nameOf = (number: number) => within(field(number)).getByLabelText('Field name');
    const valueOf = (number: number) => within(field(number)).getByLabelText('Value');

    it('sends a form alone, exactly as written, by keyboard, and clears it once sent', async () => {
      const { user, requests } = await renderConversation({
        calls: () => ({ status: 201, body: {} }),
      });
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

      await user.click(screen.getByRole('button', { name: 'Add details' }));
      // The first row's name has the focus: the rest is typed and tabbed.
      expect(nameOf(1)).toHaveFocus();
      await user.keyboard('  Order number ');
      await user.tab();
      expect(valueOf(1)).toHaveFocus();
      await user.keyboard('ORD-1042');
      await user.tab();
      expect(screen.getByRole('button', { name: 'Remove field 1' })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: 'Add field' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(nameOf(2)).toHaveFocus();
      await user.keyboard('Size');
      await user.tab();
      await user.keyboard('M');
      // A third row left blank is not sent.
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.click(screen.getByRole('button', { name: 'Send' }));

      await waitFor(() =>
        expect(posts(requests, '/api/user/messages')).toEqual([
          {
            method: 'POST',
            url: '/api/user/messages',
            body: {
              ...ref,
              content: '',
              role: 'agent',
              clientId: sendId,
              form: { 'Order number': 'ORD-1042', Size: 'M' },
            },
          },
        ]),
      );
      await waitFor(() =>
        expect(screen.queryByRole('group', { name: 'Details' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('button', { name: 'Add details' })).toBeEnabled();
      expect(screen.getByText('Message sent.')).toHaveAttribute('role', 'status');
    });

    it('sends the details with the text of the message', async () => {
      const { user, requests } = await renderConversation({
        calls: () => ({ status: 201, body: {} }),
      });
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

      await user.type(composer(), 'Here is your return label.');
      await user.click(screen.getByRole('button', { name: 'Add details' }));
      await user.type(nameOf(1), 'Return code');
      await user.type(valueOf(1), 'RMA-77 <b>');
      await user.click(screen.getByRole('button', { name: 'Send' }));

      await waitFor(() => expect(posts(requests, '/api/user/messages')).toHaveLength(1));
      expect(posts(requests, '/api/user/messages')[0]?.body).toEqual({
        ...ref,
        content: 'Here is your return label.',
        role: 'agent',
        clientId: sendId,
        form: { 'Return code': 'RMA-77 <b>' },
      });
      await waitFor(() => expect(composer()).toHaveValue(''));
      expect(screen.queryByRole('group', { name: 'Details' })).not.toBeInTheDocument();
    });

    it('says what is wrong with a field next to it, and sends nothing until it is fixed', async () => {
      const { user, requests } = await renderConversation({
        calls: () => ({ status: 201, body: {} }),
      });
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

      await user.click(screen.getByRole('button', { name: 'Add details' }));
      await user.type(valueOf(1), 'no name');
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.type(nameOf(2), 'Size');
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.type(nameOf(3), 'Size ');
      await user.type(valueOf(3), 'L');
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.click(nameOf(4));
      await user.paste('n'.repeat(65));
      await user.click(screen.getByRole('button', { name: 'Add field' }));
      await user.type(nameOf(5), 'Notes');
      await user.click(valueOf(5));
      await user.paste('v'.repeat(2001));
      await user.click(screen.getByRole('button', { name: 'Send' }));

      expect(nameOf(1)).toHaveAccessibleDescription('Please enter a field name.');
      expect(nameOf(1)).toHaveAttribute('aria-invalid', 'true');
      expect(nameOf(1)).toHaveFocus();
      expect(nameOf(2)).not.toHaveAttribute('aria-invalid');
      expect(nameOf(3)).toHaveAccessibleDescription('“Size” is already a field of this message.');
      expect(nameOf(4)).toHaveAccessibleDescription('Field names are at most 64 characters.');
      expect(valueOf(5)).toHaveAccessibleDescription('Values are at most 2,000 characters.');
      expect(posts(requests, '/api/user/messages')).toEqual([]);

      // Fixing a field clears its message; removing the rows in error leaves what is valid.
      await user.type(nameOf(1), 'Colour');
      expect(nameOf(1)).not.toHaveAccessibleDescription();
      await user.click(screen.getByRole('button', { name: 'Remove field 5' }));
      await user.click(screen.getByRole('button', { name: 'Remove field 4' }));
      await user.click(screen.getByRole('button', { name: 'Remove field 3' }));
      // The last row went: the focus moves to the one before.
      expect(nameOf(2)).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Send' }));

      await waitFor(() => expect(posts(requests, '/api/user/messages')).toHaveLength(1));
      expect(posts(requests, '/api/user/messages')[0]?.body).toEqual({
        ...ref,
        content: '',
        role: 'agent',
        clientId: sendId,
        form: { Colour: 'no name', Size: '' },
      });
    });

    it('keeps the details when the message could not be sent', async () => {
      const { user } = await renderConversation({
        calls: () => errorReply(503, 'unavailable', 'Messages are unavailable right now'),
      });
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

      await user.click(screen.getByRole('button', { name: 'Add details' }));
      await user.type(nameOf(1), 'Order number');
      await user.type(valueOf(1), 'ORD-1042');
      await user.click(screen.getByRole('button', { name: 'Send' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Messages are unavailable right now',
      );
      expect(nameOf(1)).toHaveValue('Order number');
      expect(valueOf(1)).toHaveValue('ORD-1042');
    });

    it('adds at most 20 fields, and removing them all hides the details', async () => {
      const { user, requests } = await renderConversation();
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

      await user.click(screen.getByRole('button', { name: 'Add details' }));
      const add = screen.getByRole('button', { name: 'Add field' });
      for (let row = 2; row <= 20; row += 1) await user.click(add);
      expect(within(details()).getAllByLabelText('Field name')).toHaveLength(20);
      expect(add).toBeDisabled();
      expect(add).toHaveAccessibleDescription('A message can have up to 20 fields.');

      // "Remove details" takes them all away; blank details alone are not a message.
      await user.click(screen.getByRole('button', { name: 'Remove details' }));
      expect(screen.queryByRole('group', { name: 'Details' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add details' }));
      await user.click(screen.getByRole('button', { name: 'Remove field 1' }));
      expect(screen.queryByRole('group', { name: 'Details' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add details' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Add details' }));
      await user.click(screen.getByRole('button', { name: 'Send' }));
      expect(composer()).toHaveAccessibleDescription(
        /Please write a message, attach a file or add details/,
      );
      expect(posts(requests, '/api/user/messages')).toEqual([]);
    });
  });

  it('resolves the conversation after confirmation', async () => {
    const { user, live, requests } = await renderConversation({
      calls: () => ({ status: 200, body: {} }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Resolve the conversation with Maya Patel?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve conversation' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(requests, '/api/user/resolve-conversation')).toEqual([
      { method: 'POST', url: '/api/user/resolve-conversation', body: ref },
    ]);
    await live.commit('conversations', [
      {
        type: 'modified',
        doc: buildConversation({
          status: 'resolved',
          messagesCount: 3,
          messagesSeenCount: { usr_ada: 3 },
        }),
      },
    ]);
    expect(within(openPane()).getByText('Resolved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
    // Focus stays on the page, at its heading, rather than falling to the document.
    expect(screen.getByRole('heading', { level: 2, name: 'Maya Patel' })).toHaveFocus();
  });

  it('shows why resolving failed inside the dialog', async () => {
    const { user } = await renderConversation({
      calls: () => errorReply(404, 'not-found', 'Conversation cnv_maya not found'),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await user.click(screen.getByRole('button', { name: 'Resolve conversation' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Conversation cnv_maya not found',
    );
  });

  it('creates a ticket linked to the conversation, assigned to a member, and links to it', async () => {
    const { user, requests } = await renderConversation({
      calls: () => ({ status: 201, body: buildTicket({ id: 'tkt_42' }) }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    await waitFor(() => expect(requests.some((request) => request.method === 'GET')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Create a ticket for this conversation',
    });
    const assignee = within(dialog).getByLabelText('Assignee');
    // The one who creates it, by default.
    expect(assignee).toHaveDisplayValue('Ada Lovelace');
    await user.selectOptions(assignee, 'Grace Hopper');
    await user.click(within(dialog).getByRole('button', { name: 'Create ticket' }));

    expect(await screen.findByText('Ticket created.')).toBeInTheDocument();
    expect(posts(requests, '/api/user/tickets')).toEqual([
      {
        method: 'POST',
        url: '/api/user/tickets',
        body: { type: 'external', ...ref, assigneeId: 'usr_grace' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open the ticket' })).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/tickets/tkt_42',
    );
  });

  it('offers Forward on an e-mail conversation only', async () => {
    const { unmount } = await renderConversation();
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    expect(screen.getByRole('button', { name: 'Create ticket' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forward' })).not.toBeInTheDocument();
    unmount();

    await renderConversation({
      conversation: buildConversation({ channel: 'email', subject: 'Broken bell' }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
    expect(screen.getByRole('button', { name: 'Forward' })).toBeInTheDocument();
  });

  it('shows the 404 page for a conversation the workspace does not have', async () => {
    // React reports what the boundary caught; the shell's boundary shows the 404 page.
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { errors } = await renderConversation({
      conversation: null,
      path: '/dashboard/ws_fernhill/chat-takeover/cnv_nope',
    });

    await waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toBeInstanceOf(PageError);
    expect(errors[0]).toMatchObject({
      status: 404,
      message: 'Page Not Found: /dashboard/ws_fernhill/chat-takeover/cnv_nope',
    });
  });

  it('says when the conversation cannot be read, and tries again', async () => {
    const { user, live } = await renderConversation();
    await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });

    await live.refuse('conversations', 'permission-denied', 'Admins only');
    // The list beside it says so too; the conversation keeps what it showed, with the error.
    expect(await within(openPane()).findByRole('alert')).toHaveTextContent(
      "We couldn't load this conversation.",
    );
    await user.click(within(openPane()).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Maya Patel' }),
    ).toBeInTheDocument();
  });
});
