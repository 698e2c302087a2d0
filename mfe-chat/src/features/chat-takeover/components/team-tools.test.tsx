import { act, screen, waitFor, within } from '@testing-library/react';
import { typingShownMs } from 'shared-sdk';
import {
  buildCannedResponse,
  buildConversation,
  buildConversationNote,
  buildCustomer,
  buildMembers,
  buildMessage,
} from '@testing/data-generators';
import { errorReply, fakeApi, notFoundReply, type FakeRequest } from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { ChatTakeoverPage } from './chat-takeover-page';

// What the agents' team works with inside a conversation: private notes, saved replies, typing
// and presence news, and the customer's rating.

// Each test renders the whole split view and types a good deal: slow on a busy machine.
jest.setTimeout(15_000);

const maya = buildConversation({ id: 'cnv_maya', agentIds: ['usr_ada'] });
const question = buildMessage({ id: 'msg_1', timestamp: '2025-03-01T09:05:00.000Z' });
const answer = buildMessage({
  id: 'msg_2',
  role: 'agent',
  senderId: 'usr_ada',
  content: 'Let me check.',
  timestamp: '2025-03-01T09:07:00.000Z',
});
const note = buildConversationNote({
  id: 'note_1',
  authorId: 'usr_grace',
  content: 'Wholesale buyer: offer the trade price.',
  timestamp: '2025-03-01T09:06:00.000Z',
});

async function renderConversation(
  calls: (request: FakeRequest) => ReturnType<typeof notFoundReply> = notFoundReply,
  conversation = maya,
) {
  const api = fakeApi((request) => {
    if (request.url === '/api/user/users?workspaceId=ws_fernhill') {
      return { status: 200, body: buildMembers() };
    }
    return request.method === 'POST' ? calls(request) : notFoundReply(request);
  });
  await signIn();
  const live = connectFakeLiveCollections({
    conversations: [conversation],
    messages: [question, answer],
    conversation_notes: [note],
    customers: [buildCustomer()],
    canned_responses: [
      buildCannedResponse({ id: 'cr_refund', shortcut: 'refund', content: 'Refunds take 5 days.' }),
      buildCannedResponse({
        id: 'cr_shipping',
        shortcut: 'shipping',
        content: 'Orders ship within two working days.',
      }),
      buildCannedResponse({ id: 'cr_ship_eu', shortcut: 'ship-eu', content: 'We ship to the EU.' }),
    ],
  });
  const view = renderPage(<ChatTakeoverPage />, {
    route: '/dashboard/ws_fernhill/chat-takeover/cnv_maya',
    path: '/dashboard/:workspaceId/chat-takeover/:conversationId?',
  });
  await screen.findByRole('heading', { level: 2, name: 'Maya Patel' });
  return { ...view, live, requests: api.requests };
}

const timeline = () =>
  within(screen.getByRole('region', { name: 'Messages with Maya Patel' })).getAllByRole('listitem');
const reply = () => screen.getByLabelText('Your reply');
const mode = (name: string) => screen.getByRole('radio', { name }).closest('label') as HTMLElement;

describe('Chat takeover: the team’s tools', () => {
  afterEach(() => jest.useRealTimers());

  it('saves an agent’s reply as a Q&A pair, prefilled with the customer’s question, editable', async () => {
    const { user, requests } = await renderConversation((request) => {
      if (request.url !== '/api/user/ai-training-qnas') return notFoundReply(request);
      return { status: 201, body: { id: 'qna_new', ...(request.body as object) } };
    });
    await user.click(await screen.findByRole('button', { name: 'Save as Q&A' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Save this reply as a Q&A pair' });
    const question = within(dialog).getByRole('textbox', { name: 'Question' });
    expect(question).toHaveValue('Where is my order?');
    expect(within(dialog).getByRole('textbox', { name: 'Answer' })).toHaveValue('Let me check.');
    await user.clear(question);
    await user.type(question, 'Where is my order now?');
    await user.type(within(dialog).getByRole('textbox', { name: /^Topics/ }), 'Orders, orders');
    await user.click(within(dialog).getByRole('button', { name: 'Save pair' }));
    expect(
      await screen.findByText('Q&A pair saved: the bot answers this question now.'),
    ).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/user/ai-training-qnas',
      body: {
        workspaceId: 'ws_fernhill',
        question: 'Where is my order now?',
        answer: 'Let me check.',
        topicIds: ['Orders'],
      },
    });
  });

  it('keeps the Save as Q&A form open and says why when the pair was refused', async () => {
    const { user } = await renderConversation((request) =>
      request.url === '/api/user/ai-training-qnas'
        ? errorReply(403, 'permission-denied', 'Only admins can change the training')
        : notFoundReply(request),
    );
    await user.click(await screen.findByRole('button', { name: 'Save as Q&A' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Save this reply as a Q&A pair' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save pair' }));
    expect(within(dialog).getByText('Please enter the answer.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Answer' }), 'Soon.');
    await user.click(within(dialog).getByRole('button', { name: 'Save pair' }));
    expect(await within(dialog).findByText(/admins|couldn't save/i)).toBeInTheDocument();
  });

  it('shows notes among the messages, told apart, and adds one in Note mode', async () => {
    const { user, live, requests } = await renderConversation((request) => {
      if (request.url !== '/api/user/notes') return notFoundReply(request);
      const { content } = request.body as { content: string };
      const stored = buildConversationNote({
        id: 'note_2',
        authorId: 'usr_ada',
        content,
        timestamp: '2025-03-01T09:08:00.000Z',
      });
      void live.commit((data) => data.conversation_notes!.push(stored));
      return { status: 201, body: stored };
    });
    await waitFor(() => expect(timeline()).toHaveLength(3));
    expect(timeline().map((item) => item.getAttribute('data-role'))).toEqual([
      'user',
      'note',
      'agent',
    ]);
    await waitFor(() =>
      expect(timeline()[1]).toHaveTextContent(
        /^Note by Grace Hopper.*Wholesale buyer: offer the trade price\.$/,
      ),
    );

    await user.click(mode('Private note'));
    const noteBox = screen.getByLabelText('Note for your team');
    expect(noteBox).toHaveFocus();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
    await user.keyboard('Asked for the invoice by e-mail.{Enter}');

    await waitFor(() => expect(timeline()).toHaveLength(4));
    expect(timeline()[3]).toHaveTextContent(/^Note by You.*Asked for the invoice by e-mail\.$/);
    expect(noteBox).toHaveValue('');
    expect(requests.filter((request) => request.url === '/api/user/notes')).toEqual([
      {
        method: 'POST',
        url: '/api/user/notes',
        body: {
          workspaceId: 'ws_fernhill',
          conversationId: 'cnv_maya',
          content: 'Asked for the invoice by e-mail.',
        },
      },
    ]);
    // A note is no reply: the customer hears no typing while it is written.
    expect(live.received.filter((message) => message.type === 'typing')).toEqual([]);

    // Back to replying: the reply box again.
    await user.click(mode('Reply'));
    expect(reply()).toBeInTheDocument();
  });

  it('says why a note was not added, keeping it', async () => {
    const { user } = await renderConversation(() =>
      errorReply(403, 'permission-denied', 'Only members of this workspace may add notes'),
    );
    await user.click(mode('Private note'));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Please write the note')).toBeInTheDocument();
    await user.keyboard('Call back tomorrow.{Enter}');
    expect(
      await screen.findByText('Only members of this workspace may add notes'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Note for your team')).toHaveValue('Call back tomorrow.');
  });

  it('inserts a saved reply typed with / and found by its shortcut, by keyboard', async () => {
    const { user } = await renderConversation();
    await user.click(reply());
    await user.keyboard('Hello! /ship');
    const list = await screen.findByRole('listbox', { name: 'Saved replies' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/ship-euWe ship to the EU.', '/shippingOrders ship within two working days.']);
    expect(reply()).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[0]!.id,
    );

    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(reply()).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[1]!.id,
    );
    await user.keyboard('{Enter}');

    // In place of the "/ship", not sent.
    expect(reply()).toHaveValue('Hello! Orders ship within two working days.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // Searched in the text too; Escape closes the list and Enter sends again.
    await user.clear(reply());
    await user.keyboard('/days');
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['/refundRefunds take 5 days.', '/shippingOrders ship within two working days.']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(reply()).toHaveFocus();

    // A "/" inside a word (a URL) is text.
    await user.clear(reply());
    await user.keyboard('see example.com/ship');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('shows that the customer or a colleague is typing, and sends the agent’s typing at most every 2 s', async () => {
    // The clock runs, and the test moves it on to see typing news fade.
    jest.useFakeTimers({ advanceTimers: true });
    const { user, live } = await renderConversation();
    await live.signal({
      type: 'typing',
      conversationId: 'cnv_maya',
      from: 'customer',
      senderId: 'cus_maya',
    });
    expect(await screen.findByText('Maya Patel is typing…')).toBeInTheDocument();
    // Another conversation's typing is not this one's.
    await live.signal({
      type: 'typing',
      conversationId: 'cnv_other',
      from: 'agent',
      senderId: 'usr_grace',
    });
    expect(screen.queryByText(/Grace Hopper is typing/)).not.toBeInTheDocument();
    await live.signal({
      type: 'typing',
      conversationId: 'cnv_maya',
      from: 'agent',
      senderId: 'usr_grace',
    });
    expect(await screen.findByText('Maya Patel, Grace Hopper are typing…')).toBeInTheDocument();

    await user.click(reply());
    await user.keyboard('Hel');
    await user.keyboard('lo');
    expect(live.received.filter((message) => message.type === 'typing')).toEqual([
      { type: 'typing', conversationId: 'cnv_maya' },
    ]);

    // Typing news fades when no more comes.
    act(() => jest.advanceTimersByTime(typingShownMs));
    act(() => jest.advanceTimersByTime(typingShownMs));
    expect(screen.queryByText(/is typing|are typing/)).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('says which colleague has the conversation open, and tells them this agent has', async () => {
    const { live, unmount } = await renderConversation();
    await waitFor(() =>
      expect(live.received).toContainEqual({ type: 'viewing', conversationId: 'cnv_maya' }),
    );
    await live.signal({
      type: 'presence',
      conversationId: 'cnv_maya',
      userId: 'usr_grace',
      viewing: true,
    });
    expect(
      await screen.findByText('Grace Hopper is viewing this conversation.'),
    ).toBeInTheDocument();
    await live.signal({
      type: 'presence',
      conversationId: 'cnv_maya',
      userId: 'usr_grace',
      viewing: false,
    });
    await waitFor(() => expect(screen.queryByText(/is viewing/)).not.toBeInTheDocument());

    unmount();
    expect(live.received.filter((message) => message.type === 'viewing').at(-1)).toEqual({
      type: 'viewing',
      conversationId: null,
    });
  });

  it('shows the customer’s rating once they gave it', async () => {
    const { live } = await renderConversation(notFoundReply, {
      ...maya,
      status: 'resolved',
      isPending: false,
    });
    expect(screen.queryByText(/rated it/)).not.toBeInTheDocument();
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) => ({
        ...doc,
        rating: { value: 4, comment: 'Quick and kind.', ratedAt: '2025-03-02T10:00:00.000Z' },
      }));
    });
    const pane = within(screen.getByRole('region', { name: 'Maya Patel' }));
    expect(await pane.findByText('The customer rated it 4 out of 5')).toBeInTheDocument();
    expect(pane.getByText('Quick and kind.')).toBeInTheDocument();
  });
});
