/** A group-commit lane (groupedWrites): give it an item, get the item's result once written. */
export interface GroupedWrites<Item, Result> {
  (item: Item): Promise<Result>;
  /**
   * Says that an item is on its way: its caller is still reading it, and gives it soon. A group
   * about to start waits for the items on their way, up to `lingerMs`, so that items that
   * arrived together are written together rather than the first of them alone and the rest
   * after it. Returns the call that says it came (after giving it) or will not come.
   */
  announce(): () => void;
}

/**
 * Group commit: `write` stores a group of items in one statement and answers each item's result,
 * in order. The first item is written at once, alone, unless others are on their way (announce);
 * items that arrive while a group is being written wait and go together in the next group. A
 * statement's fixed cost (its round trip, the commit, on PGlite the crossing to the database's
 * thread) is paid once per group: on PGlite a message stored alone costs about 1 ms, ten together
 * about 0.2 ms each. Items of the same key never share a group (a statement changes a row once);
 * a later one waits for the next group. A group that fails is written again item by item, so that
 * an item the database refuses fails alone, with its error, and never takes others down with it.
 */
export function groupedWrites<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  keyOf: (item: Item) => string,
  maxGroup = 100,
  lingerMs = 2,
): GroupedWrites<Item, Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (reason: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let writing = false;
  /** Items announced and not yet come. */
  let onTheirWay = 0;
  /** Ends the wait of a group about to start, once nothing more is on its way. */
  let gathered: (() => void) | undefined;

  const wakeWhenGathered = () => {
    if (gathered && (onTheirWay === 0 || waiting.length >= maxGroup)) gathered();
  };

  function gather(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => gathered?.(), lingerMs);
      gathered = () => {
        gathered = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

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
      if (onTheirWay > 0 && waiting.length < maxGroup) await gather();
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

  const lane = (item: Item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!writing) void writeGroups();
      else wakeWhenGathered();
    });
  const announce = () => {
    onTheirWay += 1;
    let came = false;
    return () => {
      if (came) return;
      came = true;
      onTheirWay -= 1;
      wakeWhenGathered();
    };
  };
  return Object.assign(lane, { announce });
}
