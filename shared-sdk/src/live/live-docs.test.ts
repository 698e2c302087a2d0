import type { LiveDoc } from '../schemas/live';
import { applyChanges, liveQueryKey } from './live-docs';

const ids = (docs: LiveDoc[]) => docs.map((doc) => doc.id);

describe('applyChanges', () => {
  it("puts added and modified documents where the query's order puts them", () => {
    const orderBy = [
      { field: 'priority', direction: 'desc' as const },
      { field: 'meta.createdAt', direction: 'asc' as const },
    ];
    const docs: LiveDoc[] = [
      { id: 'a', priority: 3, meta: { createdAt: '2026-01-01' } },
      { id: 'c', priority: 1, meta: { createdAt: '2026-01-01' } },
    ];
    const next = applyChanges(
      docs,
      [
        { type: 'added', doc: { id: 'b', priority: 2, meta: { createdAt: '2026-01-05' } } },
        // Same priority and date as c: the id breaks the tie.
        { type: 'added', doc: { id: 'bb', priority: 1, meta: { createdAt: '2026-01-01' } } },
        { type: 'added', doc: { id: 'd', priority: null, meta: { createdAt: '2026-01-01' } } },
        { type: 'modified', doc: { id: 'c', priority: 5, meta: { createdAt: '2026-01-01' } } },
      ],
      orderBy,
    );
    // Descending: null (last in ascending order) comes first.
    expect(ids(next)).toEqual(['d', 'c', 'a', 'b', 'bb']);
    expect(ids(docs)).toEqual(['a', 'c']);
  });

  it('without an orderBy keeps the server order: modified in place, added last', () => {
    const docs: LiveDoc[] = [
      { id: 'b', n: 1 },
      { id: 'a', n: 1 },
    ];
    const next = applyChanges(docs, [
      { type: 'modified', doc: { id: 'b', n: 2 } },
      { type: 'added', doc: { id: 'c', n: 1 } },
      { type: 'removed', doc: { id: 'a' } },
      { type: 'removed', doc: { id: 'missing' } },
    ]);
    expect(next).toEqual([
      { id: 'b', n: 2 },
      { id: 'c', n: 1 },
    ]);
  });
});

describe('liveQueryKey', () => {
  it('is the same for equal queries whatever their key order', () => {
    expect(liveQueryKey({ collection: 'tickets', workspaceId: 'w', limit: 5 })).toBe(
      liveQueryKey({ limit: 5, workspaceId: 'w', collection: 'tickets', where: undefined }),
    );
    expect(liveQueryKey({ collection: 'tickets', workspaceId: 'w' })).not.toBe(
      liveQueryKey({ collection: 'tickets', workspaceId: 'x' }),
    );
  });
});
