import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { ChangesMessage, OutboxSweep, SocketOutbox } from './live-outbox';

interface Sent {
  type: string;
  id?: string;
  changes?: { type: string; doc: { id: string } }[];
  committedAt?: number;
}

/** A socket that records each message written to it (one entry per WebSocket message). */
function fakeSocket(bufferedAmount = 0) {
  const frames: Sent[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    send: (data: string | Buffer) => frames.push(JSON.parse(data.toString()) as Sent),
  };
  return { socket: socket as unknown as WebSocket, frames };
}

const added = (id: string) => JSON.stringify([{ type: 'added', doc: { id } }]);
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SocketOutbox', () => {
  it("sends a subscription's changes that piled up as one message, in commit order, at the first one's place", async () => {
    const sweep = new OutboxSweep();
    const { socket, frames } = fakeSocket();
    const outbox = new SocketOutbox(socket, sweep, jest.fn(), 1024);
    const tickets = {};
    const notes = {};
    outbox.push(new ChangesMessage('tickets', added('a'), 1), tickets);
    outbox.push('{"type":"typing","conversationId":"c1"}');
    outbox.push(new ChangesMessage('notes', added('n'), 2), notes);
    outbox.push(new ChangesMessage('tickets', added('b'), 3), tickets);
    outbox.push(new ChangesMessage('tickets', added('c'), 4), tickets);
    expect(frames).toEqual([]);
    await turn();

    expect(
      frames.map(({ type, id, changes }) => [type, id, changes?.map((c) => c.doc.id)]),
    ).toEqual([
      ['changes', 'tickets', ['a', 'b', 'c']],
      ['typing', undefined, undefined],
      ['changes', 'notes', ['n']],
    ]);
    // The time a client measures from is the earliest commit's.
    expect(frames[0]?.committedAt).toBe(1);
  });

  it('never moves changes before another message of their subscription', async () => {
    const sweep = new OutboxSweep();
    const { socket, frames } = fakeSocket();
    const outbox = new SocketOutbox(socket, sweep, jest.fn(), 1024);
    const tickets = {};
    outbox.push(new ChangesMessage('tickets', added('a'), 1), tickets);
    outbox.push('{"type":"snapshot","id":"tickets","docs":[]}', tickets);
    outbox.push(new ChangesMessage('tickets', added('b'), 2), tickets);
    await turn();

    expect(frames.map(({ type, changes }) => [type, changes?.map((c) => c.doc.id)])).toEqual([
      ['changes', ['a']],
      ['snapshot', undefined],
      ['changes', ['b']],
    ]);
  });

  it('sends nothing more of a subscription that ended before its turn', async () => {
    const sweep = new OutboxSweep();
    const { socket, frames } = fakeSocket();
    const outbox = new SocketOutbox(socket, sweep, jest.fn(), 1024);
    const ended = {};
    const kept = {};
    outbox.push(new ChangesMessage('old', added('a'), 1), ended);
    outbox.push(new ChangesMessage('kept', added('b'), 1), kept);
    outbox.drop(ended);
    outbox.push('{"type":"error","id":"old","code":"permission-denied","message":"removed"}');
    await turn();

    expect(frames.map(({ type, id }) => [type, id])).toEqual([
      ['changes', 'kept'],
      ['error', 'old'],
    ]);
  });

  it('lets a client that does not read go instead of writing more to it', async () => {
    const sweep = new OutboxSweep();
    const { socket, frames } = fakeSocket(2048);
    const tooSlow = jest.fn();
    const outbox = new SocketOutbox(socket, sweep, tooSlow, 1024);
    outbox.push('{"type":"ready","userId":"u"}');
    await turn();
    expect(tooSlow).toHaveBeenCalledTimes(1);
    expect(frames).toEqual([]);
  });
});

describe('OutboxSweep', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes a hundred sockets per turn, in the order they came to wait, and one more change joins a socket still waiting', async () => {
    // A machine fast enough that the turn's time budget is never reached.
    jest.spyOn(performance, 'now').mockReturnValue(0);
    const sweep = new OutboxSweep();
    const sockets = Array.from({ length: 250 }, () => fakeSocket());
    const owner = {};
    const outboxes = sockets.map(({ socket }) => new SocketOutbox(socket, sweep, jest.fn(), 1024));
    const first = new ChangesMessage('tickets', added('a'), 1);
    for (const outbox of outboxes) outbox.push(first, owner);

    await turn();
    const written = () => sockets.filter(({ frames }) => frames.length > 0).length;
    expect(written()).toBe(100);
    expect(sockets.slice(0, 100).every(({ frames }) => frames.length === 1)).toBe(true);

    // The next commit's changes, while 150 sockets still wait for the first.
    const second = new ChangesMessage('tickets', added('b'), 2);
    for (const outbox of outboxes) outbox.push(second, owner);
    // 150 still waiting, then the first 100 again: four turns.
    for (let count = 0; count < 4; count += 1) await turn();

    for (const [index, { frames }] of sockets.entries()) {
      const ids = frames.map((frame) => frame.changes?.map((change) => change.doc.id));
      expect(ids).toEqual(index < 100 ? [['a'], ['b']] : [['a', 'b']]);
    }
  });

  it('ends a turn once its time is up, however few sockets it wrote', async () => {
    let clock = 0;
    // Each look at the clock finds a millisecond gone by.
    jest.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const sweep = new OutboxSweep();
    const sockets = Array.from({ length: 10 }, () => fakeSocket());
    for (const { socket } of sockets) {
      new SocketOutbox(socket, sweep, jest.fn(), 1024).push('{"type":"ready","userId":"u"}');
    }
    await turn();
    const written = sockets.filter(({ frames }) => frames.length > 0).length;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(10);
    for (let count = 0; count < 10; count += 1) await turn();
    expect(sockets.every(({ frames }) => frames.length === 1)).toBe(true);
  });

  it('encodes a run of changes shared by many sockets once', () => {
    const first = new ChangesMessage('tickets', added('a'), 1);
    const second = new ChangesMessage('tickets', added('b'), 2);
    const merged = ChangesMessage.merge([first, second]);
    expect(ChangesMessage.merge([first, second])).toBe(merged);
    expect(ChangesMessage.merge([first])).toBe(first.bytes);
  });
});
