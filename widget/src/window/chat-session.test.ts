import { createLiveClient } from 'shared-sdk/live';
import type { ReceivedMessage } from '../frame-messages';
import { createChatSession, replyWaitMs } from './chat-session';
import { fakeWebSockets } from '@testing/fake-web-socket';
import { conversation, message, session, visitor, workspaceId } from './testing/fixtures';
import { visitorTokenKey, visitorTokenStore } from './visitor-token';
import type { WidgetApi } from './widget-api';

function setup(api: Partial<WidgetApi>) {
  localStorage.clear();
  const live = fakeWebSockets();
  const tokens = visitorTokenStore(() => localStorage, workspaceId);
  const received: ReceivedMessage[] = [];
  const identityErrors: unknown[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const chat = createChatSession({
    workspaceId,
    api: {
      startSession: jest.fn(async () => session({ conversation: conversation() })),
      conversation: jest.fn(async () => ({ conversation: conversation(), messages: [] })),
      sendMessage: jest.fn(),
      handoff: jest.fn(),
      chooseSuggestion: jest.fn(),
      rate: jest.fn(),
      uploadAttachment: jest.fn(),
      answerPreChat: jest.fn(),
      logout: jest.fn(),
      ...api,
    },
    live: createLiveClient({
      url: 'ws://test/api/live',
      getToken: tokens.get,
      WebSocket: live.WebSocket,
    }),
    tokens,
    onReceived: (received_) => received.push(received_),
    onIdentityError: (error) => identityErrors.push(error),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    clearTimeout: () => undefined,
  });
  return { chat, live, received, identityErrors, timers };
}

async function liveMessages(live: ReturnType<typeof fakeWebSockets>) {
  const socket = live.last();
  socket.open();
  await Promise.resolve();
  socket.receive({ type: 'ready', userId: 'cust-1' });
  const sub = socket.sent.find(
    (sent) => sent.type === 'subscribe' && sent.query.collection === 'messages',
  );
  if (sub?.type !== 'subscribe') throw new Error('No messages subscription');
  return { socket, id: sub.id };
}

describe('the chat session', () => {
  it('tells the page of bot and agent messages that arrive, once, and not of older ones', async () => {
    const seen = message({ role: 'bot', content: 'Seen before' });
    const { chat, live, received } = setup({
      conversation: jest.fn(async () => ({ conversation: conversation(), messages: [seen] })),
    });
    await chat.start();
    const { socket, id } = await liveMessages(live);

    const mine = message({ role: 'user', content: 'Mine' });
    const answer = message({ role: 'agent', senderId: 'agent-1', content: 'From a person' });
    socket.receive({ type: 'snapshot', id, docs: [seen, mine] });
    socket.receive({
      type: 'changes',
      id,
      changes: [{ type: 'added', doc: answer }],
      committedAt: 1,
    });
    socket.receive({ type: 'snapshot', id, docs: [seen, mine, answer] });

    expect(received).toEqual([
      {
        id: answer.id,
        conversationId: 'conv-1',
        role: 'agent',
        content: 'From a person',
        timestamp: answer.timestamp,
      },
    ]);
    expect(chat.state.messages.map((item) => item.content)).toEqual([
      'Seen before',
      'Mine',
      'From a person',
    ]);
  });

  it('expects the bot to answer for a while, but not in a conversation a person has', async () => {
    const sent = message({ content: 'Hi' });
    const { chat, timers } = setup({ sendMessage: jest.fn(async () => sent) });
    await chat.start();
    await chat.send('Hi');
    expect(chat.state.awaitingReply).toBe(true);
    const wait = timers.find((timer) => timer.ms === replyWaitMs);
    wait?.callback();
    expect(chat.state.awaitingReply).toBe(false);

    const taken = setup({
      startSession: jest.fn(async () => session({ conversation: conversation() })),
      conversation: jest.fn(async () => ({
        conversation: conversation({ agentIds: ['agent-1'] }),
        messages: [],
      })),
      sendMessage: jest.fn(async () => sent),
    });
    await taken.chat.start();
    await taken.chat.send('Hi');
    expect(taken.chat.state.awaitingReply).toBe(false);
  });

  it('sends nothing empty', async () => {
    const sendMessage = jest.fn();
    const { chat } = setup({ sendMessage });
    expect(await chat.send('   ')).toBe(false);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('a verified identify shows the customer of that user id, with their conversation', async () => {
    const signed = { userId: 'shop-7', userHash: 'a'.repeat(64), firstName: 'Grace' };
    const startSession = jest.fn(async (request: { customer?: unknown }) =>
      request.customer
        ? session({
            visitorToken: 'pv_user',
            customerId: 'cust-user',
            visitor: visitor({ verified: true, firstName: 'Grace' }),
            conversation: conversation({ id: 'conv-9', customerId: 'cust-user' }),
            identity: { verified: true, saved: true, error: null },
          })
        : session({ visitorToken: 'pv_anon', customerId: 'cust-anon' }),
    );
    const earlier = message({ conversationId: 'conv-9', content: 'Sent from my phone' });
    const { chat, identityErrors } = setup({
      startSession,
      conversation: jest.fn(async () => ({
        conversation: conversation({ id: 'conv-9', customerId: 'cust-user' }),
        messages: [earlier],
      })),
    });
    await chat.start();
    expect(chat.state.conversationId).toBeNull();

    expect(await chat.identify(signed)).toBe(true);
    expect(startSession).toHaveBeenLastCalledWith(expect.objectContaining({ customer: signed }));
    expect(localStorage.getItem(visitorTokenKey(workspaceId))).toBe('pv_user');
    expect(chat.state.visitor.verified).toBe(true);
    expect(chat.state.conversationId).toBe('conv-9');
    expect(chat.state.messages.map((item) => item.content)).toEqual(['Sent from my phone']);
    expect(identityErrors).toEqual([]);
  });

  it('sends a message typed during an identify as the customer the identify makes', async () => {
    const signed = { userId: 'shop-7', userHash: 'a'.repeat(64), firstName: 'Grace' };
    let answerIdentify: () => void = () => undefined;
    const startSession = jest.fn((request: { customer?: unknown }) =>
      request.customer
        ? new Promise<ReturnType<typeof session>>((resolve) => {
            answerIdentify = () =>
              resolve(
                session({
                  visitorToken: 'pv_user',
                  customerId: 'cust-user',
                  conversation: null,
                  identity: { verified: true, saved: true, error: null },
                }),
              );
          })
        : Promise.resolve(session({ visitorToken: 'pv_anon', customerId: 'cust-anon' })),
    );
    const tokensSentWith: (string | null)[] = [];
    const sendMessage = jest.fn(async () => {
      tokensSentWith.push(localStorage.getItem(visitorTokenKey(workspaceId)));
      return message({ role: 'user', content: 'Has my order shipped?' });
    });
    const { chat } = setup({ startSession, sendMessage });
    await chat.start();

    const identified = chat.identify(signed);
    const sent = chat.send('Has my order shipped?');
    await Promise.resolve();
    expect(sendMessage).not.toHaveBeenCalled();
    answerIdentify();
    expect(await identified).toBe(true);
    expect(await sent).toBe(true);
    expect(tokensSentWith).toEqual(['pv_user']);
  });

  it('tells the page why an identify was refused, and keeps the details it had', async () => {
    const error = { code: 'identity/required' as const, message: 'This site requires…' };
    const { chat, identityErrors } = setup({
      startSession: jest.fn(async (request: { customer?: unknown }) =>
        session({
          conversation: null,
          identity: request.customer ? { verified: false, saved: false, error } : null,
        }),
      ),
    });
    await chat.start();
    await chat.identify({ firstName: 'Eve' });
    expect(identityErrors).toEqual([error]);
    expect(chat.state.customer.firstName).toBeUndefined();
  });

  it('logout ends the token and starts over as a new visitor', async () => {
    const tokens: (string | null)[] = [];
    const startSession = jest
      .fn()
      .mockResolvedValueOnce(session({ visitorToken: 'pv_first', customerId: 'cust-1' }))
      .mockResolvedValueOnce(session({ visitorToken: 'pv_next', customerId: 'cust-2' }));
    const logout = jest.fn(async () => {
      tokens.push(localStorage.getItem(visitorTokenKey(workspaceId)));
    });
    const { chat } = setup({
      startSession,
      logout,
      conversation: jest.fn(async () => ({ conversation: conversation(), messages: [] })),
    });
    await chat.start();
    await chat.logout();
    // The token it ended was the first one; the next session made a new visitor.
    expect(tokens).toEqual(['pv_first']);
    expect(startSession).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(visitorTokenKey(workspaceId))).toBe('pv_next');
    expect(chat.state.conversationId).toBeNull();
  });
});
