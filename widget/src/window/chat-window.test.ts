import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import type { Message } from 'shared-sdk/schemas';
import { buildChatbot } from '@testing/data-generators';
import { errorReply, type Reply } from './testing/fake-network';
import { chatbot, conversation, message, session, workspaceId } from './testing/fixtures';
import {
  acceptLive,
  defaultHandler,
  items,
  sendId,
  startWindow,
  subscriptionId,
  subscriptions,
  textBox,
} from './testing/window-harness';
import { visitorTokenKey } from './visitor-token';

beforeEach(() => {
  localStorage.clear();
});

describe('the chat window', () => {
  it('starts a new visitor, keeps the token for the next page load and shows the chatbot', async () => {
    const { requests } = startWindow((request) =>
      request.url === '/api/widget/sessions'
        ? {
            status: 200,
            body: session({ chatbot: chatbot({ photoUrl: '/api/storage/images/bot.webp' }) }),
          }
        : errorReply(404, 'not-found', 'none'),
    );
    expect(screen.getByText('Loading the chat…')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Acme assistant' })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/widget/sessions',
      authorization: null,
      body: { workspaceId },
    });
    expect(localStorage.getItem(`parley.visitor.${workspaceId}`)).toBe('pv_new');
    expect(document.querySelector('.avatar img')).toHaveAttribute(
      'src',
      '/api/storage/images/bot.webp?w=36&dpr=1',
    );
    expect(screen.getByText('Ask us anything: we answer right away.')).toBeInTheDocument();
    expect(textBox()).toBeVisible();
    // No conversation yet: nothing to hand over.
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).not.toBeInTheDocument();
  });

  it("paints the header in the workspace's colour and the messages in the chatbot's, each with readable text", async () => {
    startWindow((request) =>
      request.url === '/api/widget/sessions'
        ? {
            status: 200,
            body: session({
              chatbot: chatbot({ headerColor: '#F5E6A8', messageBackgroundColor: '#0B6E4F' }),
            }),
          }
        : errorReply(404, 'not-found', 'none'),
    );
    await screen.findByRole('heading', { name: 'Acme assistant' });
    const chat = document.querySelector<HTMLElement>('.chat')!;
    expect(chat.style.getPropertyValue('--parley-header')).toBe('#F5E6A8');
    // A light header gets dark text, a dark message colour light text.
    expect(chat.style.getPropertyValue('--parley-on-header')).toBe('#0B1B3F');
    expect(chat.style.getPropertyValue('--parley-color')).toBe('#0B6E4F');
    expect(chat.style.getPropertyValue('--parley-on-color')).toBe('#FFFFFF');
  });

  it("tells the server the embedding page's origin, and leaves out one that is not a web origin", async () => {
    const shop = startWindow(
      defaultHandler,
      `?workspaceId=${workspaceId}&parentOrigin=${encodeURIComponent('https://shop.example')}`,
    );
    await screen.findByRole('heading', { name: 'Acme assistant' });
    expect(shop.requests[0]?.body).toEqual({ workspaceId, pageOrigin: 'https://shop.example' });

    localStorage.clear();
    const file = startWindow(defaultHandler, `?workspaceId=${workspaceId}&parentOrigin=null`);
    await screen.findByRole('heading', { name: 'Acme assistant' });
    expect(file.requests[0]?.body).toEqual({ workspaceId });
  });

  it('resumes the stored visitor and shows their conversation, each message by role', async () => {
    localStorage.setItem(visitorTokenKey(workspaceId), 'pv_stored');
    const messages: Message[] = [
      message({ role: 'user', content: 'Where is my order?' }),
      message({ role: 'bot', senderId: 'bot-1', content: 'Let me check that.' }),
      message({ role: 'agent', senderId: 'agent-1', content: 'It ships today.' }),
    ];
    const { requests, live } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return {
          status: 200,
          body: session({ visitorToken: 'pv_stored', conversation: conversation() }),
        };
      }
      if (request.method === 'GET' && request.url === '/api/widget/messages') {
        return { status: 200, body: { conversation: conversation(), messages } };
      }
      return errorReply(404, 'not-found', 'none');
    }, `?workspaceId=${workspaceId}&chatbotId=bot-1`);

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(requests[0]).toMatchObject({
      authorization: 'Bearer pv_stored',
      body: { workspaceId, chatbotId: 'bot-1' },
    });
    const [customer, bot, agent] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(customer).toHaveTextContent('You');
    expect(customer).toHaveTextContent('Where is my order?');
    expect(customer).toHaveClass('user');
    expect(bot).toHaveTextContent('Acme assistant (bot)');
    expect(bot).toHaveClass('bot');
    expect(agent).toHaveTextContent('Support agent');
    expect(agent).toHaveTextContent('It ships today.');

    // Live updates of that conversation, authenticated with the visitor token.
    const socket = live.last();
    expect(socket.url).toBe('ws://localhost/api/live?as=visitor');
    await acceptLive(socket, 'pv_stored');
    expect(subscriptions(socket).map((sub) => sub.query)).toEqual([
      // Its chatbot, whose saved changes show without a reload.
      { collection: 'chatbots', workspaceId, where: [{ field: 'id', op: '==', value: 'bot-1' }] },
      { collection: 'messages', workspaceId, conversationId: 'conv-1' },
      {
        collection: 'conversations',
        workspaceId,
        where: [{ field: 'id', op: '==', value: 'conv-1' }],
      },
    ]);
  });

  it('shows the form an agent sent under the text, field by field, as plain text', async () => {
    localStorage.setItem(visitorTokenKey(workspaceId), 'pv_stored');
    const withForm = message({
      role: 'agent',
      senderId: 'agent-1',
      content: 'Here are your return details.',
      form: { 'Return code': 'RMA-77', '<img src=x onerror=alert(1)>': '<b>Bring the label</b>' },
    });
    const formOnly = message({
      role: 'agent',
      senderId: 'agent-1',
      content: '',
      form: { Pickup: 'Monday\n9–12' },
    });
    const plain = message({ role: 'agent', senderId: 'agent-1', content: 'Anything else?' });
    startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return {
          status: 200,
          body: session({ visitorToken: 'pv_stored', conversation: conversation() }),
        };
      }
      if (request.method === 'GET' && request.url === '/api/widget/messages') {
        return {
          status: 200,
          body: { conversation: conversation(), messages: [withForm, formOnly, plain] },
        };
      }
      return errorReply(404, 'not-found', 'none');
    });

    await waitFor(() => expect(items()).toHaveLength(3));
    const [first, second, third] = items() as [HTMLElement, HTMLElement, HTMLElement];
    const fields = (item: HTMLElement) =>
      within(item)
        .queryAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(fields(first)).toEqual([
      ['Return code', 'RMA-77'],
      ['<img src=x onerror=alert(1)>', '<b>Bring the label</b>'],
    ]);
    expect(within(first).getAllByRole('definition')).toHaveLength(2);
    // Under the text, and what was typed stays text: no element made of it.
    const text = within(first).getByText('Here are your return details.');
    const list = first.querySelector('dl') as HTMLElement;
    expect(text.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(first.querySelector('img, b')).toBeNull();
    expect(fields(second)).toEqual([['Pickup', 'Monday\n9–12']]);
    expect(third.querySelector('dl')).toBeNull();
  });

  it("shows a bot answer's product card: photo as webp, name, price in the shop's currency, stock in words", async () => {
    localStorage.setItem(visitorTokenKey(workspaceId), 'pv_stored');
    const card = (overrides: object) => ({
      productId: 'product_stove',
      name: 'Ember camp stove',
      price: 89.5,
      currency: 'EUR',
      stock: 2,
      photoUrl: '/api/storage/images/products/ws-product_stove/stove.png',
      ...overrides,
    });
    const answers = [
      message({ role: 'bot', content: 'Ember camp stove costs €89.50.', productCard: card({}) }),
      message({
        role: 'bot',
        content: 'Sorry, Copper kettle is out of stock.',
        productCard: card({ name: 'Copper kettle', stock: 0, photoUrl: null, currency: 'USD' }),
      }),
    ];
    startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return {
          status: 200,
          body: session({ visitorToken: 'pv_stored', conversation: conversation() }),
        };
      }
      if (request.method === 'GET' && request.url === '/api/widget/messages') {
        return { status: 200, body: { conversation: conversation(), messages: answers } };
      }
      return errorReply(404, 'not-found', 'none');
    });

    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items() as [HTMLElement, HTMLElement];
    const stove = within(first).getByRole('group', { name: 'Ember camp stove' });
    expect(stove).toHaveTextContent('Ember camp stove€89.50Only 2 left');
    expect(stove.querySelector('img')?.getAttribute('srcset')).toBe(
      '/api/storage/images/products/ws-product_stove/stove.png?w=64&dpr=1 1x, /api/storage/images/products/ws-product_stove/stove.png?w=64&dpr=2 2x',
    );
    const kettle = within(second).getByRole('group', { name: 'Copper kettle' });
    expect(kettle).toHaveTextContent('Copper kettle$89.50Out of stock');
    expect(kettle.querySelector('img')).toBeNull();
  });

  it('sends with Enter, starts a new line with Shift+Enter, and shows the answer live', async () => {
    const { requests, live, user } = startWindow();
    await screen.findByRole('heading', { name: 'Acme assistant' });

    await user.type(textBox(), 'Hello{Shift>}{Enter}{/Shift}there');
    expect(textBox()).toHaveValue('Hello\nthere');
    expect(requests.filter((request) => request.url === '/api/widget/messages')).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/widget/messages',
      authorization: 'Bearer pv_new',
      body: { content: 'Hello\nthere' },
    });
    expect(textBox()).toHaveValue('');
    expect(items()[0]).toHaveTextContent('Hello there');
    expect(screen.getByText('Acme assistant is typing…')).toBeInTheDocument();

    // The first message opened the conversation: the window follows it live.
    const socket = live.last();
    await acceptLive(socket, 'pv_new');
    const messagesId = subscriptionId(socket, 'messages');
    const sent = message({ id: 'sent-1', content: 'Hello\nthere' });
    socket.receive({ type: 'snapshot', id: messagesId, docs: [sent] });
    const answer = message({ role: 'bot', senderId: 'bot-1', content: 'Hi! How can I help?' });
    socket.receive({
      type: 'changes',
      id: messagesId,
      changes: [{ type: 'added', doc: answer }],
      committedAt: 1,
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[1]).toHaveTextContent('Hi! How can I help?');
    expect(screen.queryByText('Acme assistant is typing…')).not.toBeInTheDocument();
  });

  it('shows that a message is being sent, and keeps the text when sending fails', async () => {
    let answer!: (reply: Reply) => void;
    const { user } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') return { status: 200, body: session() };
      return new Promise<Reply>((resolve) => {
        answer = resolve;
      });
    });
    await screen.findByRole('heading', { name: 'Acme assistant' });

    await user.type(textBox(), 'Is anyone there?{Enter}');
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(items()[0]).toHaveTextContent('Is anyone there?');

    answer(errorReply(503, 'unavailable', 'Try later'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message could not be sent. Please try again.',
    );
    expect(textBox()).toHaveValue('Is anyone there?');
    expect(items()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('resends a failed message with the same send id, so the server stores it once', async () => {
    let failures = 1;
    const { requests, user } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') return { status: 200, body: session() };
      if (failures > 0) {
        failures -= 1;
        // The response is lost: the server may have stored the message.
        return errorReply(504, 'deadline-exceeded', 'Timed out');
      }
      return { status: 201, body: message({ content: 'Is anyone there?' }) };
    });
    await screen.findByRole('heading', { name: 'Acme assistant' });

    await user.type(textBox(), 'Is anyone there?{Enter}');
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    await user.type(textBox(), 'Is anyone there?{Enter}');
    await waitFor(() => expect(items()).toHaveLength(2));

    const sends = requests.filter((request) => request.url === '/api/widget/messages');
    const ids = sends.map((request) => (request.body as { clientId: string }).clientId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    // Once one went through, the same words again are a new message.
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('asks for a person, then says one will reply', async () => {
    localStorage.setItem(visitorTokenKey(workspaceId), 'pv_new');
    const { requests, user, live } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return { status: 200, body: session({ conversation: conversation() }) };
      }
      if (request.url === '/api/widget/messages') {
        return { status: 200, body: { conversation: conversation(), messages: [message()] } };
      }
      if (request.url === '/api/widget/handoff') return { status: 200, body: conversation() };
      return errorReply(404, 'not-found', 'none');
    });

    await user.click(await screen.findByRole('button', { name: 'Talk to a person' }));
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/widget/handoff',
      authorization: 'Bearer pv_new',
    });
    expect(await screen.findByText('A person will reply here soon.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Talk to a person' })).not.toBeInTheDocument();

    const socket = live.last();
    await acceptLive(socket, 'pv_new');
    socket.receive({
      type: 'snapshot',
      id: subscriptionId(socket, 'conversations'),
      docs: [conversation({ status: 'pending', isPending: true })],
    });
    expect(screen.getByText('A person will reply here soon.')).toBeInTheDocument();
  });

  it('after the conversation is resolved, offers to start a new one', async () => {
    const { user, live, requests } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return { status: 200, body: session({ conversation: conversation() }) };
      }
      if (request.method === 'GET') {
        return { status: 200, body: { conversation: conversation(), messages: [message()] } };
      }
      const { content } = request.body as { content: string };
      return {
        status: 201,
        body: message({ id: 'new-1', conversationId: 'conv-2', content }),
      };
    });
    await waitFor(() => expect(items()).toHaveLength(1));
    const socket = live.last();
    await acceptLive(socket, 'pv_new');

    socket.receive({
      type: 'snapshot',
      id: subscriptionId(socket, 'conversations'),
      docs: [conversation({ status: 'resolved' })],
    });
    expect(await screen.findByText('This conversation has been resolved')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(items()).toHaveLength(0);
    expect(screen.queryByText('This conversation has been resolved')).not.toBeVisible();
    expect(textBox()).toHaveFocus();
    expect(socket.sent.filter((sent) => sent.type === 'unsubscribe')).toHaveLength(2);

    await user.type(textBox(), 'One more question{Enter}');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(requests.at(-1)?.body).toEqual({ content: 'One more question', clientId: sendId });
    // The new conversation is followed live.
    await waitFor(() =>
      expect(subscriptions(socket).map((sub) => sub.query.conversationId)).toContain('conv-2'),
    );
  });

  it('starts as a new visitor when the stored token is no longer known', async () => {
    localStorage.setItem(visitorTokenKey(workspaceId), 'pv_forgotten');
    const { requests } = startWindow((request) =>
      request.authorization
        ? errorReply(401, 'unauthenticated', 'Unknown visitor')
        : { status: 200, body: session({ visitorToken: 'pv_fresh' }) },
    );
    await screen.findByRole('heading', { name: 'Acme assistant' });
    expect(requests.map((request) => request.authorization)).toEqual(['Bearer pv_forgotten', null]);
    expect(localStorage.getItem(visitorTokenKey(workspaceId))).toBe('pv_fresh');
  });

  it('says so when the chat cannot start, and tries again', async () => {
    let fail = true;
    const { user } = startWindow((request) =>
      fail
        ? errorReply(503, 'unavailable', 'Down')
        : request.url === '/api/widget/sessions'
          ? { status: 200, body: session() }
          : errorReply(404, 'not-found', 'none'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The chat could not be opened. Please try again.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Acme assistant' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('updates the visitor’s details through the session call, with the token', async () => {
    const { requests, user } = startWindow((request) => {
      if (request.url !== '/api/widget/sessions') return errorReply(404, 'not-found', 'none');
      const email = (request.body as { customer?: { email?: string } }).customer?.email;
      return email === 'bad@'
        ? errorReply(400, 'invalid-argument', 'Please enter a valid e-mail address')
        : { status: 200, body: session() };
    });
    await user.click(await screen.findByRole('button', { name: 'Your details' }));
    const form = screen.getByRole('form', { name: 'Your details' });
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('E-mail'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Order number'), 'A-1001');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      url: '/api/widget/sessions',
      authorization: 'Bearer pv_new',
      body: {
        workspaceId,
        customer: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          orderId: 'A-1001',
        },
      },
    });
    expect(screen.queryByRole('form', { name: 'Your details' })).not.toBeInTheDocument();
  });

  it('tells the visitor when they are offline, and when live updates reconnect', async () => {
    const { live } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') {
        return { status: 200, body: session({ conversation: conversation() }) };
      }
      return { status: 200, body: { conversation: conversation(), messages: [] } };
    });
    await screen.findByRole('heading', { name: 'Acme assistant' });
    window.dispatchEvent(new Event('offline'));
    expect(
      screen.getByText('You are offline. New messages will show when you are back online.'),
    ).toBeVisible();
    window.dispatchEvent(new Event('online'));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

    await waitFor(() => expect(live.sockets).toHaveLength(1));
    const socket = live.last();
    await acceptLive(socket, 'pv_new');
    socket.receive({ type: 'snapshot', id: subscriptionId(socket, 'messages'), docs: [] });
    socket.drop();
    expect(await screen.findByText('Reconnecting…')).toBeVisible();
  });

  it('uploads an image, sends it, and shows it downloaded with the visitor token', async () => {
    const stored = {
      path: 'attachments/conv-1/receipt-k3j9.png',
      url: '/api/storage/attachments/conv-1/receipt-k3j9.png',
      originalName: 'receipt.png',
      contentType: 'image/png',
      size: 1234,
    };
    const createObjectURL = jest.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL });
    const { requests, user } = startWindow((request) => {
      if (request.url === '/api/widget/sessions') return { status: 200, body: session() };
      if (request.url === '/api/widget/attachments') return { status: 201, body: stored };
      if (request.url === '/api/widget/messages') {
        const { content } = request.body as { content: string };
        return { status: 201, body: message({ content, attachments: [stored] }) };
      }
      if (request.url === stored.url) return { status: 200, body: 'image bytes' };
      return errorReply(404, 'not-found', 'none');
    });
    await screen.findByRole('heading', { name: 'Acme assistant' });
    await user.type(textBox(), 'My receipt');
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, new File(['png'], 'receipt.png', { type: 'image/png' }));

    expect(await screen.findByRole('img', { name: 'receipt.png' })).toHaveAttribute(
      'src',
      'blob:receipt',
    );
    const upload = requests.find((request) => request.url === '/api/widget/attachments');
    expect(upload?.authorization).toBe('Bearer pv_new');
    expect((upload?.body as FormData).get('file')).toMatchObject({ name: 'receipt.png' });
    expect(requests.find((request) => request.url === '/api/widget/messages')?.body).toEqual({
      content: 'My receipt',
      attachments: [{ path: stored.path }],
      clientId: sendId,
    });
    expect(requests.find((request) => request.url === stored.url)?.authorization).toBe(
      'Bearer pv_new',
    );
    expect(items()[0]).toHaveTextContent('My receipt');
  });

  it('refuses a file that is not an image', async () => {
    const { requests } = startWindow();
    await screen.findByRole('heading', { name: 'Acme assistant' });
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    // The picker asks for images; a browser may still let another file through ("All files").
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
    expect(requests.some((request) => request.url === '/api/widget/attachments')).toBe(false);
  });

  it("shows the chatbot's saved name, colour and photo live, without a reload", async () => {
    const { live } = startWindow();
    await screen.findByRole('heading', { name: 'Acme assistant' });
    // No conversation yet, but the chatbot is followed with the visitor token.
    await waitFor(() => expect(live.sockets).toHaveLength(1));
    const socket = live.last();
    socket.open();
    await waitFor(() => expect(socket.sent[0]).toEqual({ type: 'auth', token: 'pv_new' }));
    socket.receive({ type: 'ready', userId: 'cust-1' });
    await waitFor(() => expect(subscriptions(socket)).toHaveLength(1));
    expect(subscriptions(socket)[0]?.query).toEqual({
      collection: 'chatbots',
      workspaceId,
      where: [{ field: 'id', op: '==', value: 'bot-1' }],
    });

    socket.receive({
      type: 'snapshot',
      id: subscriptionId(socket, 'chatbots'),
      docs: [
        buildChatbot({
          id: 'bot-1',
          name: 'Spoke',
          messageBackgroundColor: '#FFD23F',
          photoUrl: '/api/storage/images/chatbots/ws-acme-bot-1/spoke.webp',
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Spoke' })).toBeVisible();
    const chat = document.querySelector<HTMLElement>('.chat')!;
    expect(chat.style.getPropertyValue('--parley-color')).toBe('#FFD23F');
    expect(chat.style.getPropertyValue('--parley-on-color')).toBe('#0B1B3F');
    // The header keeps the workspace's colour.
    expect(chat.style.getPropertyValue('--parley-header')).toBe('#2450E6');
    expect(document.querySelector('.avatar img')).toHaveAttribute(
      'src',
      '/api/storage/images/chatbots/ws-acme-bot-1/spoke.webp?w=36&dpr=1',
    );
    expect(document.title).toBe('Chat with Spoke');
  });

  it('says the chat is not set up without a workspace id', () => {
    startWindow(defaultHandler, '');
    expect(
      screen.getByText('This chat is not set up: the widget needs a workspace id.'),
    ).toBeVisible();
  });
});
