import { groupedWrites } from './grouped-writes';

/** A write that records each group it is given and finishes when told to. */
function recordingWrite() {
  const groups: string[][] = [];
  const finishers: Array<() => void> = [];
  const write = (items: string[]) =>
    new Promise<string[]>((resolve) => {
      groups.push(items);
      finishers.push(() => resolve(items.map((item) => `stored ${item}`)));
    });
  /** Finishes the oldest unfinished write, then lets the next group start. */
  const finish = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { groups, write, finish };
}

const keyOf = (item: string) => item.split(':')[0]!;

describe('groupedWrites', () => {
  it('writes the first item at once, alone, and the items that arrive meanwhile together', async () => {
    const { groups, write, finish } = recordingWrite();
    const store = groupedWrites(write, keyOf);

    const first = store('a:1');
    expect(groups).toEqual([['a:1']]);
    const later = ['b:1', 'c:1', 'd:1'].map(store);
    expect(groups).toHaveLength(1);

    await finish();
    expect(groups).toEqual([['a:1'], ['b:1', 'c:1', 'd:1']]);
    await finish();
    await expect(first).resolves.toBe('stored a:1');
    await expect(Promise.all(later)).resolves.toEqual(['stored b:1', 'stored c:1', 'stored d:1']);
  });

  it('never puts two items of one key in a group, and keeps the order of each key', async () => {
    const { groups, write, finish } = recordingWrite();
    const store = groupedWrites(write, keyOf);

    const all = ['a:1', 'a:2', 'b:1', 'a:3', 'c:1'].map(store);
    await finish();
    await finish();
    await finish();

    expect(groups).toEqual([['a:1'], ['a:2', 'b:1', 'c:1'], ['a:3']]);
    await expect(Promise.all(all)).resolves.toEqual([
      'stored a:1',
      'stored a:2',
      'stored b:1',
      'stored a:3',
      'stored c:1',
    ]);
  });

  it('splits the waiting items into groups of at most maxGroup', async () => {
    const { groups, write, finish } = recordingWrite();
    const store = groupedWrites(write, keyOf, 2);

    const all = ['a:1', 'b:1', 'c:1', 'd:1', 'e:1'].map(store);
    for (let group = 0; group < 3; group++) await finish();

    expect(groups).toEqual([['a:1'], ['b:1', 'c:1'], ['d:1', 'e:1']]);
    await expect(Promise.all(all)).resolves.toHaveLength(5);
  });

  it('waits for the items on their way before writing the first, and no longer', async () => {
    const { groups, write, finish } = recordingWrite();
    const store = groupedWrites(write, keyOf, 100, 50);
    const cameA = store.announce();
    const cameB = store.announce();
    const cameC = store.announce();

    const a = store('a:1');
    cameA();
    expect(groups).toEqual([]);
    const b = store('b:1');
    cameB();
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([]);
    // The last will not come (its mail was refused): the group goes without it.
    cameC();
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups).toEqual([['a:1', 'b:1']]);
    await finish();
    await expect(Promise.all([a, b])).resolves.toEqual(['stored a:1', 'stored b:1']);

    // One that takes too long is waited for `lingerMs` (here 50 ms), then left to a later group.
    const cameLate = store.announce();
    const started = Date.now();
    const d = store('d:1');
    while (groups.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(groups[1]).toEqual(['d:1']);
    await finish();
    await expect(d).resolves.toBe('stored d:1');
    // Said twice, it counts once: the next one announced is still waited for.
    cameLate();
    cameLate();
    const cameE = store.announce();
    const e = store('e:1');
    expect(groups).toHaveLength(2);
    cameE();
    await new Promise((resolve) => setImmediate(resolve));
    expect(groups[2]).toEqual(['e:1']);
    await finish();
    await expect(e).resolves.toBe('stored e:1');
  });

  it('writes a failed group again item by item: only the item the database refuses fails', async () => {
    const groups: string[][] = [];
    const store = groupedWrites(async (items: string[]) => {
      groups.push(items);
      await Promise.resolve();
      if (items.includes('b:bad')) throw new Error('the statement failed');
      return items.map((item) => `stored ${item}`);
    }, keyOf);

    const first = store('a:1');
    const group = [store('b:bad'), store('c:1')].map((promise) =>
      promise.catch((err: Error) => err.message),
    );
    await expect(first).resolves.toBe('stored a:1');
    await expect(Promise.all(group)).resolves.toEqual(['the statement failed', 'stored c:1']);
    await expect(store('d:1')).resolves.toBe('stored d:1');
    expect(groups).toEqual([['a:1'], ['b:bad', 'c:1'], ['b:bad'], ['c:1'], ['d:1']]);
  });
});
