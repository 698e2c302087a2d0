import { createLiveClient } from 'shared-sdk/live';
import type { ReceivedMessage } from '../frame-messages';
import { createChatSession, replyWaitMs } from './chat-session';
import { fakeWebSockets } from '@testing/fake-web-socket';
import { conversation, message, session, workspaceId } from './testing/fixtures';
import { visitorTokenStore } from './visitor-token';
import type { WidgetApi } from './widget-api';

function setup(api: Partial<WidgetApi>) {
  localStorage.clear();
  const live = fakeWebSockets();
  const tokens = visitorTokenStore(() => localStorage, workspaceId);
  const received: ReceivedMessage[] = [];
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
      ...api,
    },
    live: createLiveClient({
      url: 'ws://test/api/live',
      getToken: tokens.get,
      WebSocket: live.WebSocket,
    }),
    tokens,
    onReceived: (received_) => received.push(received_),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    clearTimeout: () => undefined,
  });
  return { chat, live, received, timers };
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
});
