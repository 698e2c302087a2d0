// The clients of bench/live.mjs: agents reading a workspace's tickets (and with --typing a
// conversation each), and widget visitors. Deliveries are timed and checked without parsing.
import WebSocket from 'ws';

export async function post(port, path, body, token) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Only the tickets subscription is timed (with --typing, each client also reads a conversation).
const changesMarker = Buffer.from('{"type":"changes","id":"tickets"');
const committedAtMarker = Buffer.from('"committedAt":');
const addedMarker = Buffer.from('{"type":"added"');
/** The writer names each ticket `Bench <phase>-<index>` (bench/live-server.cjs). */
const subjectMarker = Buffer.from('"subject":"Bench ');

/**
 * A widget visitor's conversation (the real calls): its id and the visitor token. The bot's
 * answer to it has been written by the time the measurement starts.
 */
export async function openConversation(port, workspaceId) {
  const session = await post(port, '/api/widget/sessions', { workspaceId });
  const sent = await post(
    port,
    '/api/widget/messages',
    { content: 'Where is my order?' },
    session.visitorToken,
  );
  return { conversationId: sent.conversationId, visitorToken: session.visitorToken };
}

/** A visitor's socket reading its conversation; counts the agents' typing events it hears. */
export function connectVisitor(port, { visitorToken, conversationId }, workspaceId, onTyping) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live?as=visitor`);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: visitorToken })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: 'messages',
            query: { collection: 'messages', workspaceId, conversationId },
          }),
        );
      } else if (message.type === 'snapshot') {
        resolve(socket);
      } else if (message.type === 'typing') {
        onTyping();
      } else if (message.type === 'error') {
        reject(new Error(`${message.code}: ${message.message}`));
      }
    });
  });
}

/** The agent reads the conversation too (so it may say it is typing there). */
export function watchConversation(socket, workspaceId, conversationId) {
  return new Promise((resolve, reject) => {
    const listener = (data) => {
      if (!data.includes('"id":"conversation"')) return;
      socket.off('message', listener);
      const message = JSON.parse(data.toString());
      if (message.type === 'snapshot') resolve();
      else reject(new Error(`${message.code}: ${message.message}`));
    };
    socket.on('message', listener);
    socket.send(
      JSON.stringify({
        type: 'subscribe',
        id: 'conversation',
        query: { collection: 'messages', workspaceId, conversationId },
      }),
    );
  });
}

/**
 * What one client has received of the current phase's writes: the highest index so far, how many
 * arrived in order, how many came after a later one (or twice), and in how many messages.
 */
export function newPhaseState(phase) {
  return { phase, last: -1, inOrder: 0, disordered: 0, messages: 0 };
}

/** The (phase, index) of each ticket added in a changes message, oldest write first. */
function addedWrites(data) {
  const writes = [];
  for (
    let from = data.indexOf(addedMarker);
    from !== -1;
    from = data.indexOf(addedMarker, from + 1)
  ) {
    const at = data.indexOf(subjectMarker, from) + subjectMarker.length;
    const [phase, index] = data.toString('latin1', at, data.indexOf('"', at)).split('-');
    writes.push({ phase: Number(phase), index: Number(index) });
  }
  return writes.sort((a, b) => a.index - b.index);
}

export function connect(port, token, workspaceId, onDelivery, client) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      // Changes are timed without parsing them: at 1,000 clients in one process, JSON.parse of
      // every delivery would cost the harness more than the server spends sending them.
      if (data.includes(changesMarker)) {
        const at = data.indexOf(committedAtMarker) + committedAtMarker.length;
        const latency = Date.now() - Number(data.toString('latin1', at, data.indexOf('}', at)));
        // Writes that commit together arrive in one message: each added ticket is a delivery.
        const state = client.state;
        const writes = addedWrites(data);
        if (writes.some(({ phase }) => phase === state.phase)) state.messages += 1;
        for (const { phase, index } of writes) {
          // A straggler of an earlier phase is neither timed nor counted.
          if (phase !== state.phase) continue;
          if (index > state.last) {
            state.last = index;
            state.inOrder += 1;
          } else {
            state.disordered += 1;
          }
          onDelivery(latency);
        }
        return;
      }
      const message = JSON.parse(data.toString());
      if (message.type === 'ready') {
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: 'tickets',
            query: {
              collection: 'tickets',
              workspaceId,
              orderBy: [{ field: 'createdAt', direction: 'desc' }],
              limit: 20,
            },
          }),
        );
      } else if (message.type === 'snapshot') {
        resolve(socket);
      } else if (message.type === 'error') {
        reject(new Error(`${message.code}: ${message.message}`));
      }
    });
  });
}
