import { liveCollections } from 'shared-sdk/schemas';
import type { LiveCollection } from 'shared-sdk';
import { z } from 'zod';

/**
 * What one committed write transaction changed in one live collection. Published after the
 * commit, to every api instance (the change feed); each instance re-runs the live queries it
 * holds that the event may affect, so an event names where data changed, never the data itself.
 */
export interface ChangeEvent {
  collection: LiveCollection;
  /** The workspace whose data changed; null for `users`, which belong to no workspace. */
  workspaceId: string | null;
  /** Ids of the changed documents (added, changed or removed); empty when a cascade removed
   * rows without naming them. Queries of the workspace re-run either way. */
  ids: string[];
  /**
   * A set-based write (e.g. resolving every open ticket) changed any number of the workspace's
   * documents of the collection without listing them: `ids` is then empty, so the event stays a
   * few bytes however many rows changed, and every query of the collection in the workspace is
   * read again.
   */
  manyIds?: true;
  /**
   * `workspace_user`: the members whose links changed. Their own-links queries re-run, and
   * their subscriptions to the workspace are authorized again (removal, disabling, demotion).
   */
  userIds?: string[];
  /**
   * `messages`: the conversations whose messages changed. Only their queries re-run (each
   * reads one conversation), not every conversation's of the workspace.
   */
  conversationIds?: string[];
  /** Date.now() right after the commit: clients measure delivery latency from it. */
  committedAt: number;
}

/** A change recorded inside a transaction, before the commit gives it a time. */
export type RecordedChange = Omit<ChangeEvent, 'committedAt'>;

/** Messages crossing instances are checked: another version of the api may have sent them. */
export const changeEventSchema = z.object({
  collection: z.enum(liveCollections),
  workspaceId: z.string().nullable(),
  ids: z.array(z.string()),
  manyIds: z.literal(true).optional(),
  userIds: z.array(z.string()).optional(),
  conversationIds: z.array(z.string()).optional(),
  committedAt: z.number(),
});

/**
 * One event per (collection, workspace), ids and userIds merged: a transaction inserting fifty
 * tickets re-runs each affected query once, not fifty times.
 */
export function mergeChanges(changes: RecordedChange[], committedAt: number): ChangeEvent[] {
  interface Entry {
    collection: LiveCollection;
    workspaceId: string | null;
    ids: Set<string>;
    manyIds?: true;
    userIds?: Set<string>;
    conversationIds?: Set<string>;
  }
  const merged = new Map<string, Entry>();
  for (const change of changes) {
    const key = `${change.collection}\u0000${change.workspaceId ?? ''}`;
    let entry = merged.get(key);
    if (!entry) {
      entry = { collection: change.collection, workspaceId: change.workspaceId, ids: new Set() };
      merged.set(key, entry);
    }
    if (change.manyIds) entry.manyIds = true;
    for (const id of change.ids) entry.ids.add(id);
    if (change.userIds) {
      entry.userIds ??= new Set();
      for (const userId of change.userIds) entry.userIds.add(userId);
    }
    if (change.conversationIds) {
      entry.conversationIds ??= new Set();
      for (const conversationId of change.conversationIds) {
        entry.conversationIds.add(conversationId);
      }
    }
  }
  return [...merged.values()].map(
    ({ collection, workspaceId, ids, manyIds, userIds, conversationIds }) => ({
      collection,
      workspaceId,
      // Ids named beside a set-based write add nothing: every query of it re-reads anyway.
      ids: manyIds ? [] : [...ids],
      ...(manyIds ? { manyIds } : {}),
      ...(userIds ? { userIds: [...userIds] } : {}),
      ...(conversationIds ? { conversationIds: [...conversationIds] } : {}),
      committedAt,
    }),
  );
}
