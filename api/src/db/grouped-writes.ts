/**
 * Group commit: `write` stores a group of items in one statement and answers each item's result,
 * in order. The first item is written at once, alone; items that arrive while a group is being
 * written wait and go together in the next group. A statement's fixed cost (its round trip, the
 * commit, on PGlite the crossing to the database's thread) is paid once per group: on PGlite a
 * message stored alone costs about 1 ms, ten together about 0.2 ms each. Items of the same key
 * never share a group (a statement changes a row once); a later one waits for the next group.
 * A group that fails is written again item by item, so that an item the database refuses fails
 * alone, with its error, and never takes others down with it.
 */
export function groupedWrites<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  keyOf: (item: Item) => string,
  maxGroup = 100,
): (item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (reason: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let writing = false;

  async function writeAlone({ item, resolve, reject }: Waiting) {
    try {
      resolve((await write([item]))[0] as Result);
    } catch (err) {
      reject(err);
    }
  }

  async function writeGroups() {
    writing = true;
    while (waiting.length > 0) {
      const group: Waiting[] = [];
      const later: Waiting[] = [];
      const keys = new Set<string>();
      for (const entry of waiting) {
        const key = keyOf(entry.item);
        if (group.length < maxGroup && !keys.has(key)) {
          keys.add(key);
          group.push(entry);
        } else later.push(entry);
      }
      waiting = later;
      try {
        const results = await write(group.map((entry) => entry.item));
        group.forEach((entry, index) => entry.resolve(results[index] as Result));
      } catch (err) {
        if (group.length === 1) group[0]!.reject(err);
        else await Promise.all(group.map((entry) => writeAlone(entry)));
      }
    }
    writing = false;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void writeGroups();
    });
}
