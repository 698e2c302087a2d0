// Tests only: the chat window started on a fake network and a fake live socket, and what its
// tests look for on screen.
import { screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import type { LiveQuery } from 'shared-sdk/live';
import { startChatWindow } from '../chat-window';
import { fakeWebSockets, type FakeSocket } from '@testing/fake-web-socket';
import { errorReply, fakeFetch, type Reply, type SentRequest } from './fake-network';
import { message, session, workspaceId } from './fixtures';

/** What a send carries so that a retry is stored once (see shared-sdk client-id). */
export const sendId = expect.stringMatching(/^[0-9a-f]{32}$/);

export type Handler = (request: SentRequest) => Reply | Promise<Reply>;

/** A new visitor by default: a session, no conversation yet, and messages stored as sent. */
export const defaultHandler: Handler = (request) => {
  if (request.url === '/api/widget/sessions') return { status: 200, body: session() };
  if (request.method === 'POST' && request.url === '/api/widget/messages') {
    const { content } = request.body as { content: string };
    return { status: 201, body: message({ content, id: 'sent-1' }) };
  }
  return errorReply(404, 'not-found', `No route ${request.url}`);
};

export function startWindow(
  handler: Handler = defaultHandler,
  query = `?workspaceId=${workspaceId}`,
) {
  window.history.replaceState(null, '', `/widget/window.html${query}`);
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const network = fakeFetch(handler);
  const live = fakeWebSockets();
  startChatWindow(root, { window, fetch: network.fetch, WebSocket: live.WebSocket });
  return { ...network, live, user: userEvent.setup() };
}

/** Plays the server's side of /api/live: accepts the visitor token, answers subscriptions. */
export async function acceptLive(socket: FakeSocket, token: string) {
  socket.open();
  await waitFor(() => expect(socket.sent[0]).toEqual({ type: 'auth', token }));
  socket.receive({ type: 'ready', userId: 'cust-1' });
  await waitFor(() =>
    expect(subscriptions(socket).map((sub) => sub.query.collection)).toEqual(
      expect.arrayContaining(['chatbots', 'messages', 'conversations']),
    ),
  );
}

export function subscriptions(socket: FakeSocket): { id: string; query: LiveQuery }[] {
  return socket.sent.flatMap((sent) => (sent.type === 'subscribe' ? [sent] : []));
}

export function subscriptionId(socket: FakeSocket, collection: LiveQuery['collection']): string {
  const found = subscriptions(socket).find((sub) => sub.query.collection === collection);
  if (!found) throw new Error(`No subscription to ${collection}`);
  return found.id;
}

export const messageList = () => screen.getByRole('log', { name: 'Conversation' });
export const items = () => within(messageList()).queryAllByRole('listitem');
export const textBox = () => screen.getByRole('textbox', { name: 'Message' });
