import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { LiveCollection, LiveDoc, LiveQuery } from 'shared-sdk';
import type { Database } from '../db/schema';
import type { ChangeEvent } from './change-events';
import { LiveError } from './live-error';
import { buildPlan } from './query-plan';
import type { FieldDefinition, OrderField, QueryPlan } from './query-plan';

// What a live collection is, and the parts its definitions are made of (live-collections.ts).

/** A column as it is stored. */
export const column = (name: string): RawBuilder<unknown> => sql.ref(name);
/** Tables of migration 0002 keep microseconds; documents carry milliseconds (ISO strings). */
export const milliseconds = (name: string): RawBuilder<unknown> =>
  sql`date_trunc('milliseconds', ${sql.ref(name)})`;
/** Byte order, as clients compare strings, whatever the database's collation. */
export const byteOrder = (name: string): RawBuilder<unknown> => sql`${sql.ref(name)} collate "C"`;

export const text = (sqlExpression: RawBuilder<unknown>, sortable = false): FieldDefinition => ({
  type: 'string',
  sql: sqlExpression,
  sortable,
});
export const timestamp = (sqlExpression: RawBuilder<unknown>): FieldDefinition => ({
  type: 'timestamp',
  sql: sqlExpression,
  sortable: true,
});

export interface CollectionDefinition {
  fields: Record<string, FieldDefinition>;
  defaultOrder: OrderField[];
  /** Validates the query for this caller; throws LiveError. */
  plan(query: LiveQuery, callerId: string): QueryPlan;
  fetch(db: Kysely<Database>, plan: QueryPlan): Promise<LiveDoc[]>;
  /**
   * Whether a committed change may alter the query's documents. `docs` is the last result
   * (undefined before the first read). A false positive costs one read; a false negative
   * would leave a client behind.
   */
  affectedBy(event: ChangeEvent, plan: QueryPlan, docs: LiveDoc[] | undefined): boolean;
}

export const notInWorkspace = (collection: LiveCollection) =>
  new LiveError('invalid-argument', `${collection} belong to no workspace: leave workspaceId out`);

export function requireWorkspaceId(query: LiveQuery): string {
  if (!query.workspaceId) {
    throw new LiveError('invalid-argument', `${query.collection} are read by workspaceId`);
  }
  return query.workspaceId;
}

/**
 * A collection all of whose documents belong to one workspace, readable by its members (or
 * only its admins, with `access: 'admin'`).
 */
export function workspaceCollection(
  collection: LiveCollection,
  fields: Record<string, FieldDefinition>,
  defaultOrder: OrderField[],
  fetch: CollectionDefinition['fetch'],
  access: 'member' | 'admin' = 'member',
): CollectionDefinition {
  return {
    fields,
    defaultOrder,
    plan(query) {
      return buildPlan({
        query,
        fields,
        defaultOrder,
        workspaceId: requireWorkspaceId(query),
        userId: null,
        access,
      });
    },
    fetch,
    affectedBy: (event, plan) =>
      event.collection === collection && event.workspaceId === plan.workspaceId,
  };
}

export const idOnly = (sqlExpression: RawBuilder<unknown>) => ({ id: text(sqlExpression, true) });
export const byId: OrderField[] = [{ field: 'id', direction: 'asc' }];
