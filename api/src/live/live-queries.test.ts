import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveDoc } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeEvent } from './change-events';
import { fetchDocs } from './live-collections';
import { LiveQueries, type LiveSubscriber } from './live-queries';
import type { QueryPlan } from './query-plan';

jest.mock('./live-collections', () => ({ fetchDocs: jest.fn(), isAffected: () => true }));
const read = fetchDocs as jest.MockedFunction<typeof fetchDocs>;

const plan = { key: 'tickets:w1', collection: 'tickets', workspaceId: 'w1' } as QueryPlan;
const change: ChangeEvent = { collection: 'tickets', workspaceId: 'w1', ids: [], committedAt: 1 };
const log = { error: jest.fn() } as unknown as FastifyBaseLogger;
const doc = (id: string): LiveDoc => ({ id }) as LiveDoc;

interface Recorded extends LiveSubscriber {
  messages: { type: string; changes?: { doc: LiveDoc }[] }[];
}

function subscriber(onDeliver?: () => void): Recorded {
  const messages: Recorded['messages'] = [];
  return {
    id: 's',
    messages,
    deliver: (message) => {
      messages.push(JSON.parse(message.toString()));
      onDeliver?.();
    },
    fail: jest.fn(),
  };
}

const settled = async (queries: LiveQueries) => {
  for (let turn = 0; turn < 50; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  await queries.close();
};

// A fan-out to thousands of sockets yields to other work every hundred or so (publish).
describe('LiveQueries fan-out in several turns', () => {
  it('gives every subscriber the snapshot, then each change once and in commit order', async () => {
    read.mockResolvedValueOnce([doc('a')]);
    read.mockResolvedValueOnce([doc('a'), doc('b')]);
    read.mockResolvedValueOnce([doc('a'), doc('b'), doc('c')]);
    const queries = new LiveQueries({} as Kysely<Database>, log);
    // The next commit arrives while the first change is still being sent out.
    const first: Recorded = subscriber(() => {
      if (first.messages.length === 2) queries.apply([{ ...change, committedAt: 2 }]);
    });
    const subscribers = [first, ...Array.from({ length: 349 }, () => subscriber())];
    for (const each of subscribers) queries.attach(plan, each);
    await new Promise((resolve) => setImmediate(resolve));
    queries.apply([change]);
    await settled(queries);

    for (const { messages } of subscribers) {
      expect(messages.map(({ type, changes }) => [type, changes?.map((c) => c.doc.id)])).toEqual([
        ['snapshot', undefined],
        ['changes', ['b']],
        ['changes', ['c']],
      ]);
    }
  });

  it('sends nothing more to a subscriber detached while a fan-out runs', async () => {
    read.mockResolvedValueOnce([doc('a')]);
    read.mockResolvedValueOnce([doc('a'), doc('b')]);
    const queries = new LiveQueries({} as Kysely<Database>, log);
    const late = subscriber();
    let detachLate = () => {};
    const subscribers = Array.from({ length: 250 }, (_, index) =>
      subscriber(index === 0 ? () => detachLate() : undefined),
    );
    for (const each of subscribers) queries.attach(plan, each);
    detachLate = queries.attach(plan, late);
    await settled(queries);
    expect(late.messages).toEqual([]);
    expect(subscribers.every(({ messages }) => messages.length === 1)).toBe(true);
  });
});
