import { screen, waitFor, within } from '@testing-library/dom';
import { typingSendIntervalMs, typingShownMs } from 'shared-sdk';
import type { Conversation } from 'shared-sdk/schemas';
import type { FakeSocket } from '@testing/fake-web-socket';
import { errorReply, type Reply, type SentRequest } from './testing/fake-network';
import { conversation, message, session, workspaceId } from './testing/fixtures';
import { acceptLive, items, startWindow, subscriptionId, textBox } from './testing/window-harness';
import { visitorTokenKey } from './visitor-token';

// The customer's side of the agents' inbox (issue 18): the agent's typing, the customer's typing
// sent now and then, "Seen" under their last message, and the rating after a resolve.

const customerMessage = message({ role: 'user', content: 'Where is my parcel?' });

/** A returning visitor with an open conversation, its one message from the customer. */
function returningVisitor(
  overrides: Partial<Conversation> = {},
  more: (request: SentRequest) => Reply | undefined = () => undefined,
) {
  localStorage.setItem(visitorTokenKey(workspaceId), 'pv_stored');
  const current = conversation(overrides);
  return startWindow((request) => {
    const answered = more(request);
    if (answered) return answered;
    if (request.url === '/api/widget/sessions') {
      return { status: 200, body: session({ visitorToken: 'pv_stored', conversation: current }) };
    }
    if (request.method === 'GET' && request.url === '/api/widget/messages') {
      return { status: 200, body: { conversation: current, messages: [customerMessage] } };
    }
    return errorReply(404, 'not-found', `No route ${request.url}`);
  });
}

async function connected(socket: () => FakeSocket) {
  await waitFor(() => expect(items()).toHaveLength(1));
  await acceptLive(socket(), 'pv_stored');
  return socket();
}

const typingSent = (socket: FakeSocket) => socket.sent.filter((sent) => sent.type === 'typing');

describe('the chat window in a conversation with an agent', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows when an agent is typing, and hides it after a while or when their message comes', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { live } = returningVisitor();
    const socket = await connected(() => live.last());
    const typing = { type: 'typing', from: 'agent', senderId: 'agent-1' } as const;

    // Another conversation's typing is not this one's.
    socket.receive({ ...typing, conversationId: 'conv-other' });
    expect(screen.queryByText('A support agent is typing…')).not.toBeInTheDocument();

    socket.receive({ ...typing, conversationId: 'conv-1' });
    expect(await screen.findByText('A support agent is typing…')).toBeVisible();
    jest.advanceTimersByTime(typingShownMs - 100);
    expect(screen.getByText('A support agent is typing…')).toBeVisible();
    jest.advanceTimersByTime(200);
    expect(screen.queryByText('A support agent is typing…')).not.toBeInTheDocument();

    socket.receive({ ...typing, conversationId: 'conv-1' });
    expect(await screen.findByText('A support agent is typing…')).toBeVisible();
    const reply = message({ role: 'agent', senderId: 'agent-1', content: 'On its way!' });
    socket.receive({
      type: 'snapshot',
      id: subscriptionId(socket, 'messages'),
      docs: [customerMessage, reply],
    });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('A support agent is typing…')).not.toBeInTheDocument();
  });

  it('tells the agents the customer is typing, at most once per interval', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { live, user } = returningVisitor();
    const socket = await connected(() => live.last());

    await user.type(textBox(), 'Hello there');
    expect(typingSent(socket)).toEqual([{ type: 'typing', conversationId: 'conv-1' }]);
    jest.advanceTimersByTime(typingSendIntervalMs);
    await user.type(textBox(), ', any news?');
    expect(typingSent(socket)).toHaveLength(2);
    // Deleting text is no typing to tell of once the box is empty.
    await user.clear(textBox());
    expect(typingSent(socket)).toHaveLength(2);
  });

  it('says "Seen" under the customer\'s last message once an agent has read it', async () => {
    const { live } = returningVisitor();
    const socket = await connected(() => live.last());
    const conversationsId = subscriptionId(socket, 'conversations');
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();

    // Read before the message was sent: not seen.
    socket.receive({
      type: 'snapshot',
      id: conversationsId,
      docs: [conversation({ agentLastSeenAt: '2025-05-01T09:00:00.000Z' })],
    });
    expect(screen.queryByText('Seen')).not.toBeInTheDocument();
    socket.receive({
      type: 'changes',
      id: conversationsId,
      changes: [
        {
          type: 'modified',
          doc: conversation({ agentLastSeenAt: '2025-05-01T11:00:00.000Z' }),
        },
      ],
      committedAt: 1,
    });
    await waitFor(() => expect(within(items()[0]!).getByText('Seen')).toBeVisible());
  });
});

describe('the rating after a resolved conversation', () => {
  const resolved = conversation({ status: 'resolved' });

  function resolvedVisitor(rate: (request: SentRequest) => Reply) {
    return returningVisitor({ status: 'resolved' }, (request) =>
      request.url === '/api/widget/rating' ? rate(request) : undefined,
    );
  }

  it('asks for 1 to 5 stars and a comment, sends them once and thanks the customer', async () => {
    const { live, user, requests } = resolvedVisitor((request) => ({
      status: 200,
      body: conversation({
        status: 'resolved',
        rating: {
          value: (request.body as { rating: number }).rating,
          comment: 'Quick',
          ratedAt: '2025-05-01T12:00:00.000Z',
        },
      }),
    }));
    await connected(() => live.last());
    const form = await screen.findByRole('form', { name: 'How was this conversation?' });
    const stars = within(form).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(form).getByRole('radio', { name: '1 star' })).toBeInTheDocument();

    // Nothing chosen: the customer is told, nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(screen.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
    expect(requests.filter((request) => request.url === '/api/widget/rating')).toEqual([]);

    // Keyboard: the radios move with the arrow keys.
    await user.click(within(form).getByRole('radio', { name: '3 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(within(form).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), 'Quick');
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));

    expect(await screen.findByText('Thank you for your rating!')).toBeVisible();
    expect(
      screen.queryByRole('form', { name: 'How was this conversation?' }),
    ).not.toBeInTheDocument();
    const sent = requests.filter((request) => request.url === '/api/widget/rating');
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        authorization: 'Bearer pv_stored',
        body: { rating: 4, comment: 'Quick' },
      }),
    ]);
    // Still offered: a new conversation.
    expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBeVisible();
  });

  it('shows the thanks, not the form, for a conversation rated already', async () => {
    const { live } = returningVisitor({
      status: 'resolved',
      rating: { value: 5, comment: null, ratedAt: '2025-05-01T12:00:00.000Z' },
    });
    await connected(() => live.last());
    expect(await screen.findByText('Thank you for your rating!')).toBeVisible();
    expect(
      screen.queryByRole('form', { name: 'How was this conversation?' }),
    ).not.toBeInTheDocument();
  });

  it('appears when the conversation is resolved live, and says so when sending fails', async () => {
    const { live, user } = returningVisitor({}, (request) =>
      request.url === '/api/widget/rating'
        ? errorReply(400, 'invalid-argument', 'This conversation has already been rated')
        : undefined,
    );
    const socket = await connected(() => live.last());
    expect(
      screen.queryByRole('form', { name: 'How was this conversation?' }),
    ).not.toBeInTheDocument();
    socket.receive({
      type: 'snapshot',
      id: subscriptionId(socket, 'conversations'),
      docs: [resolved],
    });
    const form = await screen.findByRole('form', { name: 'How was this conversation?' });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(
      await screen.findByText('Your rating could not be sent. Please try again.'),
    ).toBeVisible();
    expect(form).toBeVisible();
  });
});
