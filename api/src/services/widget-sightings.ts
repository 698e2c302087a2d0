import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { listWidgetInstalls, recordWidgetSeen } from '../repositories/widget-installs';

/** A workspace and origin seen within this long are not written again. */
export const widgetSeenThrottleMs = 60_000;
/** The throttle's memory is bounded: past this many pairs it starts afresh (the database's own check still holds). */
const maxRemembered = 10_000;

/**
 * Where each workspace's widget runs, written when a visitor session starts. A session start on
 * a busy site must cost no database write: a pair seen within the last minute is skipped here,
 * in memory, before any query.
 */
export class WidgetSightings {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /** Whether the sighting was written (false: throttled). */
  async seen(workspaceId: string, origin: string): Promise<boolean> {
    const key = `${workspaceId} ${origin}`;
    const at = this.now();
    const last = this.lastWritten.get(key);
    if (last !== undefined && at.getTime() - last < widgetSeenThrottleMs) return false;
    if (this.lastWritten.size >= maxRemembered) this.lastWritten.clear();
    this.lastWritten.set(key, at.getTime());
    await recordWidgetSeen(this.db, workspaceId, origin, at);
    return true;
  }
}

/** Where the workspace's widget has been seen running, for the admin. */
export function widgetInstallsOf(db: Kysely<Database>, workspaceId: string) {
  return listWidgetInstalls(db, workspaceId);
}
