import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

// The embedded database's folder belongs to one process. PGlite takes no lock of its own: a
// second process on the same folder (the statistics check run beside the server, a second
// `npm start`) opens it too, and each one's writes then overwrite the other's pages; a crash
// after that lost acknowledged messages. So the folder is locked by a file beside it, made with
// O_EXCL, naming the process that holds it.

interface Holder {
  pid: number;
  command: string;
  since: string;
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} ` +
        `(${holder.command}, since ${holder.since}). Stop that process first, or use ` +
        'PostgreSQL (DATABASE_URL), which many processes may share.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** Whether a process of that id runs (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number'
      ? { pid: holder.pid, command: String(holder.command), since: String(holder.since) }
      : undefined;
  } catch {
    // Unreadable or half-written: its writer died between open and write.
    return undefined;
  }
}

/**
 * Takes the lock of `dataDir` for this process; throws DataFolderInUseError when a running process
 * holds it. A lock left by a process that is gone (killed, crashed) is taken over. Returns the
 * release, which is also run when the process exits.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  const me: Holder = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ') || 'node',
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = readHolder(lockFile);
      if (holder && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new DataFolderInUseError(dataDir, holder);
      }
      if (holder?.pid === process.pid) {
        // This process opened the folder already (and did not close it).
        throw new DataFolderInUseError(dataDir, holder);
      }
      // Left behind by a process that is gone: taken over.
      rmSync(lockFile, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own: never a lock another process took after ours was removed by hand.
    if (readHolder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return release;
}
