import { sql, type Kysely } from 'kysely';
import type { WidgetInstall } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';

/** How many origins a workspace keeps: a shop, its staging site, a developer's machine. */
export const widgetInstallsKept = 5;

/**
 * Records that the widget was seen on `origin` at `seenAt`. The row is only rewritten when the
 * stored time is a minute old or more, so a second server (or a restart) that has not seen the
 * origin yet still writes nothing on a busy site.
 */
export async function recordWidgetSeen(
  db: Kysely<Database>,
  workspaceId: string,
  origin: string,
  seenAt: Date,
): Promise<void> {
  const inserted = await db
    .insertInto('widgetInstalls')
    .values({ workspaceId, origin, seenAt })
    .onConflict((conflict) =>
      conflict
        .columns(['workspaceId', 'origin'])
        .doUpdateSet({ seenAt })
        .where('widgetInstalls.seenAt', '<=', new Date(seenAt.getTime() - 60_000)),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('isNew'))
    .executeTakeFirst();
  // A new origin may push the oldest out; an update never does.
  if (inserted?.isNew) await trimWidgetInstalls(db, workspaceId);
}

async function trimWidgetInstalls(db: Kysely<Database>, workspaceId: string) {
  const kept = db
    .selectFrom('widgetInstalls')
    .select('origin')
    .where('workspaceId', '=', workspaceId)
    .orderBy('seenAt', 'desc')
    .limit(widgetInstallsKept);
  await db
    .deleteFrom('widgetInstalls')
    .where('workspaceId', '=', workspaceId)
    .where('origin', 'not in', kept)
    .execute();
}

/** The workspace's origins, the latest seen first. */
export async function listWidgetInstalls(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<WidgetInstall[]> {
  const rows = await db
    .selectFrom('widgetInstalls')
    .select(['origin', 'seenAt'])
    .where('workspaceId', '=', workspaceId)
    .orderBy('seenAt', 'desc')
    .limit(widgetInstallsKept)
    .execute();
  return rows.map((row) => ({ origin: row.origin, seenAt: row.seenAt.toISOString() }));
}
