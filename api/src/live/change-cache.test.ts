import type { ChangeEvent } from './change-events';
import { ChangeCache } from './change-cache';

const event = (collection: ChangeEvent['collection'], workspaceId: string | null): ChangeEvent => ({
  collection,
  workspaceId,
  ids: [],
  committedAt: 0,
});

describe('ChangeCache', () => {
  it('reads once, then keeps the value until its workspace changes', async () => {
    const cache = new ChangeCache<number>(['workspace_user']);
    const read = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.get('w1', 'u1', read)).toBe(1);
    expect(await cache.get('w1', 'u1', read)).toBe(1);
    cache.invalidate([event('tickets', 'w1'), event('workspace_user', 'w2')]);
    expect(await cache.get('w1', 'u1', read)).toBe(1);
    cache.invalidate([event('workspace_user', 'w1')]);
    expect(await cache.get('w1', 'u1', read)).toBe(2);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('drops everything on a change of no workspace, or when changes may have been missed', async () => {
    const cache = new ChangeCache<string>(['users']);
    let reads = 0;
    const read = async () => `read ${(reads += 1)}`;
    await cache.get('w1', 'u1', read);
    cache.invalidate([event('users', null)]);
    expect(await cache.get('w1', 'u1', read)).toBe('read 2');
    cache.clear();
    expect(await cache.get('w1', 'u1', read)).toBe('read 3');
  });

  it('does not keep a read that an invalidation overtook', async () => {
    const cache = new ChangeCache<string>(['workspace_user']);
    let finish: (value: string) => void = () => undefined;
    const slow = cache.get('w1', 'u1', () => new Promise((resolve) => (finish = resolve)));
    cache.invalidate([event('workspace_user', 'w1')]);
    finish('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('w1', 'u1', async () => 'fresh')).toBe('fresh');
  });

  it('scopes by what the definition says, and reads again a kept value no longer usable', async () => {
    const cache = new ChangeCache<number>(['users'], (change) => change.ids);
    let reads = 0;
    const read = async () => (reads += 1);
    await cache.get('u1', 'session', read);
    await cache.get('u2', 'session', read);
    cache.invalidate([{ ...event('users', null), ids: ['u1'] }]);
    expect(await cache.get('u1', 'session', read)).toBe(3);
    expect(await cache.get('u2', 'session', read)).toBe(2);
    expect(await cache.get('u2', 'session', read, (value) => value > 2)).toBe(4);
  });
});
