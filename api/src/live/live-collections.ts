import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { LiveCollection, LiveDoc, LiveQuery } from 'shared-sdk';
import { requireMember } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { toAiTrainingQnaTopic } from '../repositories/ai-training-qna-topics';
import { toAiTrainingQna } from '../repositories/ai-training-qnas';
import { toChatbot } from '../repositories/chatbots';
import { selectEnrichedConversations, toConversation } from '../repositories/conversations';
import { toCustomer } from '../repositories/customers';
import { toMessage } from '../repositories/messages';
import { toStatistics } from '../repositories/statistics';
import { toTicket } from '../repositories/tickets';
import { toUser } from '../repositories/users';
import { toWorkspace } from '../repositories/workspaces';
import { selectEnriched, toWorkspaceUser } from '../repositories/workspace-users';
import type { ChangeEvent } from './change-events';
import { LiveError } from './live-error';
import { applyPlan, buildPlan } from './query-plan';
import type { FieldDefinition, OrderField, QueryPlan } from './query-plan';

/** A column as it is stored. */
const column = (name: string): RawBuilder<unknown> => sql.ref(name);
/** Tables of migration 0002 keep microseconds; documents carry milliseconds (ISO strings). */
const milliseconds = (name: string): RawBuilder<unknown> =>
  sql`date_trunc('milliseconds', ${sql.ref(name)})`;
/** Byte order, as clients compare strings, whatever the database's collation. */
const byteOrder = (name: string): RawBuilder<unknown> => sql`${sql.ref(name)} collate "C"`;

const text = (sqlExpression: RawBuilder<unknown>, sortable = false): FieldDefinition => ({
  type: 'string',
  sql: sqlExpression,
  sortable,
});
const timestamp = (sqlExpression: RawBuilder<unknown>): FieldDefinition => ({
  type: 'timestamp',
  sql: sqlExpression,
  sortable: true,
});

interface CollectionDefinition {
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

const notInWorkspace = (collection: LiveCollection) =>
  new LiveError('invalid-argument', `${collection} belong to no workspace: leave workspaceId out`);

function requireWorkspaceId(query: LiveQuery): string {
  if (!query.workspaceId) {
    throw new LiveError('invalid-argument', `${query.collection} are read by workspaceId`);
  }
  return query.workspaceId;
}

/** A collection all of whose documents belong to one workspace, readable by its members. */
function workspaceCollection(
  collection: LiveCollection,
  fields: Record<string, FieldDefinition>,
  defaultOrder: OrderField[],
  fetch: CollectionDefinition['fetch'],
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
        access: 'member',
      });
    },
    fetch,
    affectedBy: (event, plan) =>
      event.collection === collection && event.workspaceId === plan.workspaceId,
  };
}

const idOnly = (sqlExpression: RawBuilder<unknown>) => ({ id: text(sqlExpression, true) });
const byId: OrderField[] = [{ field: 'id', direction: 'asc' }];

const usersFields = idOnly(byteOrder('u.id'));

const users: CollectionDefinition = {
  fields: usersFields,
  defaultOrder: byId,
  plan(query, callerId) {
    if (query.workspaceId) throw notInWorkspace('users');
    for (const { field, op, value } of query.where ?? []) {
      const ownId =
        field === 'id' &&
        (op === '==' || op === 'in') &&
        [value].flat().every((v) => v === callerId);
      if (field === 'id' && !ownId) {
        throw new LiveError('permission-denied', 'Only your own user can be read');
      }
    }
    return buildPlan({
      query,
      fields: usersFields,
      defaultOrder: byId,
      workspaceId: null,
      userId: callerId,
      access: 'self',
      extraConditions: [{ field: 'id', op: '==', value: callerId }],
    });
  },
  async fetch(db, plan) {
    const rows = await applyPlan(db.selectFrom('users as u').selectAll('u'), plan).execute();
    return rows.map(toUser);
  },
  affectedBy: (event, plan) =>
    event.collection === 'users' && plan.userId !== null && event.ids.includes(plan.userId),
};

const workspaces = workspaceCollection(
  'workspaces',
  idOnly(byteOrder('w.id')),
  byId,
  async (db, plan) => {
    const query = db
      .selectFrom('workspaces as w')
      .selectAll('w')
      .where('w.id', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toWorkspace);
  },
);

/** One document per workspace, its id the workspace's (shaped like statisticsSchema). */
const statistics = workspaceCollection(
  'statistics',
  idOnly(byteOrder('s.workspaceId')),
  byId,
  async (db, plan) => {
    const query = db
      .selectFrom('statistics as s')
      .selectAll('s')
      .where('s.workspaceId', '=', plan.workspaceId ?? '');
    const rows = await applyPlan(query, plan).execute();
    return rows.map((row) => ({ id: row.workspaceId, ...toStatistics(row) }));
  },
);

const chatbots = workspaceCollection(
  'chatbots',
  {
    id: text(byteOrder('c.id'), true),
    name: text(column('c.name')),
    createdAt: timestamp(milliseconds('c.createdAt')),
    updatedAt: timestamp(milliseconds('c.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'asc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('chatbots as c')
      .selectAll('c')
      .where('c.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toChatbot);
  },
);

// spec §4: followed-up tickets sort before others; newest first. Served by tickets_list_idx.
const tickets = workspaceCollection(
  'tickets',
  {
    // tickets.id is stored in byte order (collate "C"), so the index serves it as it is.
    id: text(column('t.id'), true),
    type: text(column('t.type'), true),
    status: text(column('t.status'), true),
    isFollowedUp: { type: 'boolean', sql: column('t.isFollowedUp'), sortable: true },
    assigneeId: text(column('t.assigneeId')),
    subject: text(column('t.subject')),
    conversationId: text(column('t.conversationId')),
    // Stored at millisecond precision (migration 0003): no truncation, the indexes apply.
    createdAt: timestamp(column('t.createdAt')),
    updatedAt: timestamp(column('t.updatedAt')),
  },
  [
    { field: 'isFollowedUp', direction: 'desc' },
    { field: 'createdAt', direction: 'desc' },
  ],
  async (db, plan) => {
    const query = db
      .selectFrom('tickets as t')
      .selectAll('t')
      .where('t.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toTicket);
  },
);

const workspaceUserFields: Record<string, FieldDefinition> = {
  id: text(byteOrder('wu.id'), true),
  workspaceId: text(column('wu.workspaceId')),
  userId: text(column('wu.userId')),
  role: text(column('wu.role'), true),
  status: text(column('wu.status'), true),
  createdAt: timestamp(milliseconds('wu.createdAt')),
  updatedAt: timestamp(milliseconds('wu.updatedAt')),
};
// spec §7: workspace_user is read by userId or by workspaceId, ascending createdAt.
const workspaceUserOrder: OrderField[] = [{ field: 'createdAt', direction: 'asc' }];

/**
 * Links, enriched with the member's name and the workspace. By workspace: every member's link,
 * for admins (as GET /api/user/users), or the caller's own link (where userId == caller) for any
 * active member. Without a workspace: the caller's own links (where userId == caller).
 */
const workspaceUser: CollectionDefinition = {
  fields: workspaceUserFields,
  defaultOrder: workspaceUserOrder,
  plan(query, callerId) {
    const userFilters = (query.where ?? []).filter((condition) => condition.field === 'userId');
    const ownOnly =
      userFilters.length > 0 &&
      userFilters.some((condition) => condition.op === '==' && condition.value === callerId);
    const base = { query, fields: workspaceUserFields, defaultOrder: workspaceUserOrder };
    if (!query.workspaceId) {
      if (userFilters.length > 0 && !ownOnly) {
        throw new LiveError('permission-denied', "Other users' workspace links cannot be read");
      }
      if (!ownOnly) {
        throw new LiveError(
          'invalid-argument',
          'workspace_user is read by workspaceId, or by where userId == your own id',
        );
      }
      return buildPlan({ ...base, workspaceId: null, userId: callerId, access: 'own-links' });
    }
    return buildPlan({
      ...base,
      workspaceId: query.workspaceId,
      userId: null,
      access: ownOnly ? 'member' : 'admin',
    });
  },
  async fetch(db, plan) {
    let query = selectEnriched(db).clearOrderBy();
    if (plan.workspaceId !== null) query = query.where('wu.workspaceId', '=', plan.workspaceId);
    return (await applyPlan(query, plan).execute()).map(toWorkspaceUser);
  },
  affectedBy(event, plan, docs) {
    // Member names and photos, and the workspace, are part of each link document.
    if (event.collection === 'users') {
      return docs === undefined || docs.some((doc) => event.ids.includes(doc.userId as string));
    }
    if (plan.workspaceId !== null) {
      return (
        (event.collection === 'workspace_user' || event.collection === 'workspaces') &&
        event.workspaceId === plan.workspaceId
      );
    }
    if (event.collection === 'workspace_user') {
      return !event.userIds || (plan.userId !== null && event.userIds.includes(plan.userId));
    }
    if (event.collection === 'workspaces') {
      return docs === undefined || docs.some((doc) => doc.workspaceId === event.workspaceId);
    }
    return false;
  },
};

const customers = workspaceCollection(
  'customers',
  {
    id: text(column('cu.id'), true),
    firstName: text(column('cu.firstName'), true),
    lastName: text(column('cu.lastName'), true),
    email: text(column('cu.email')),
    createdAt: timestamp(column('cu.createdAt')),
    updatedAt: timestamp(column('cu.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'desc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('customers as cu')
      .selectAll('cu')
      .where('cu.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toCustomer);
  },
);

const conversationFields: Record<string, FieldDefinition> = {
  // conversations.id is stored in byte order (collate "C"): conversations_list_idx serves it.
  id: text(column('c.id'), true),
  status: text(column('c.status'), true),
  // spec §2 takeover list: pending first. The expression of conversations_list_idx.
  isPending: { type: 'boolean', sql: sql`(${sql.ref('c.status')} = 'pending')`, sortable: true },
  customerId: text(column('c.customerId')),
  chatbotId: text(column('c.chatbotId')),
  // Stored at millisecond precision (migration 0005).
  createdAt: timestamp(column('c.createdAt')),
  updatedAt: timestamp(column('c.updatedAt')),
};
// spec §2/§4: pending conversations first, then by updatedAt descending.
const conversationOrder: OrderField[] = [
  { field: 'isPending', direction: 'desc' },
  { field: 'updatedAt', direction: 'desc' },
];

/** Conversations, enriched with their customer's names (the takeover list shows them). */
const conversations: CollectionDefinition = {
  fields: conversationFields,
  defaultOrder: conversationOrder,
  plan(query) {
    return buildPlan({
      query,
      fields: conversationFields,
      defaultOrder: conversationOrder,
      workspaceId: requireWorkspaceId(query),
      userId: null,
      access: 'member',
    });
  },
  async fetch(db, plan) {
    const query = selectEnrichedConversations(db).where(
      'c.workspaceId',
      '=',
      plan.workspaceId ?? '',
    );
    return (await applyPlan(query, plan).execute()).map(toConversation);
  },
  affectedBy: (event, plan) =>
    (event.collection === 'conversations' || event.collection === 'customers') &&
    event.workspaceId === plan.workspaceId,
};

const messageFields: Record<string, FieldDefinition> = {
  id: text(column('m.id'), true),
  conversationId: text(column('m.conversationId')),
  role: text(column('m.role'), true),
  senderId: text(column('m.senderId')),
  timestamp: timestamp(column('m.timestamp')),
};
// spec §3: chat messages are ordered by timestamp (messages_conversation_id_timestamp_idx).
const messageOrder: OrderField[] = [{ field: 'timestamp', direction: 'asc' }];

/** The conversation a `messages` query reads: its conversationId, kept as a condition. */
function conversationIdOf(plan: QueryPlan): string | undefined {
  const condition = plan.conditions.find(
    (candidate) => candidate.field === 'conversationId' && candidate.op === '==',
  );
  return typeof condition?.value === 'string' ? condition.value : undefined;
}

/** One conversation's messages: { collection: 'messages', workspaceId, conversationId }. */
const messages: CollectionDefinition = {
  fields: messageFields,
  defaultOrder: messageOrder,
  plan(query) {
    if (query.conversationId === undefined) {
      throw new LiveError(
        'invalid-argument',
        'messages are read by workspaceId and conversationId',
      );
    }
    // The conversation is named once, by the query's conversationId: it is what is authorized.
    if (query.where?.some((condition) => condition.field === 'conversationId')) {
      throw new LiveError(
        'invalid-argument',
        "Name the conversation by the query's conversationId",
      );
    }
    return buildPlan({
      query,
      fields: messageFields,
      defaultOrder: messageOrder,
      workspaceId: requireWorkspaceId(query),
      userId: null,
      access: 'member',
      extraConditions: [{ field: 'conversationId', op: '==', value: query.conversationId }],
    });
  },
  async fetch(db, plan) {
    const query = db
      .selectFrom('messages as m')
      .selectAll('m')
      .where('m.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toMessage);
  },
  affectedBy(event, plan) {
    if (event.collection !== 'messages' || event.workspaceId !== plan.workspaceId) return false;
    const conversationId = conversationIdOf(plan);
    return (
      !event.conversationIds ||
      conversationId === undefined ||
      event.conversationIds.includes(conversationId)
    );
  },
};

// spec §3 ai_training_qna; newest first (ai_training_qnas_workspace_id_created_at_idx).
const aiTrainingQnas = workspaceCollection(
  'ai_training_qnas',
  {
    id: text(column('q.id'), true),
    question: text(column('q.question')),
    createdAt: timestamp(column('q.createdAt')),
    updatedAt: timestamp(column('q.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'desc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('aiTrainingQnas as q')
      .selectAll('q')
      .where('q.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toAiTrainingQna);
  },
);

// spec §3 ai_training_qna_topic: the name is the id. Most recently used first.
const aiTrainingQnaTopics = workspaceCollection(
  'ai_training_qna_topics',
  {
    id: text(column('t.name'), true),
    createdAt: timestamp(column('t.createdAt')),
    lastUsedAt: timestamp(column('t.lastUsedAt')),
  },
  [{ field: 'lastUsedAt', direction: 'desc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('aiTrainingQnaTopics as t')
      .selectAll('t')
      .where('t.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toAiTrainingQnaTopic);
  },
);

const collections: Partial<Record<LiveCollection, CollectionDefinition>> = {
  users,
  workspaces,
  workspace_user: workspaceUser,
  chatbots,
  statistics,
  tickets,
  customers,
  conversations,
  messages,
  ai_training_qnas: aiTrainingQnas,
  ai_training_qna_topics: aiTrainingQnaTopics,
};

function definitionOf(collection: LiveCollection): CollectionDefinition {
  const definition = collections[collection];
  // Each arrives with the issue that creates its table.
  if (!definition) throw new LiveError('not-found', `${collection} are not available yet`);
  return definition;
}

/** Validates a subscription's query for the caller; throws LiveError. */
export function planQuery(query: LiveQuery, callerId: string): QueryPlan {
  const definition = definitionOf(query.collection);
  if (query.conversationId !== undefined && query.collection !== 'messages') {
    throw new LiveError('invalid-argument', 'conversationId goes with messages only');
  }
  return definition.plan(query, callerId);
}

/** A widget visitor on /api/live, signed in with their visitor token. */
export interface LiveVisitor {
  customerId: string;
  workspaceId: string;
}

const visitorsMay = () =>
  new LiveError(
    'permission-denied',
    'The widget may read only its own conversations and their messages',
  );

/**
 * A visitor's query: only `messages` of one of their own conversations, or `conversations`
 * where id == (or in) their own. Whether those conversations are theirs is checked by
 * authorizeVisitor, against the database.
 */
export function planVisitorQuery(query: LiveQuery, visitor: LiveVisitor): QueryPlan {
  if (query.workspaceId !== undefined && query.workspaceId !== visitor.workspaceId) {
    throw visitorsMay();
  }
  const scoped = { ...query, workspaceId: visitor.workspaceId };
  if (query.collection === 'messages') return planQuery(scoped, visitor.customerId);
  if (query.collection !== 'conversations') throw visitorsMay();
  const plan = planQuery(scoped, visitor.customerId);
  if (visitorConversationIds(plan) === undefined) throw visitorsMay();
  return plan;
}

/** The conversations a visitor's plan reads (undefined: not limited to named ones). */
function visitorConversationIds(plan: QueryPlan): string[] | undefined {
  if (plan.collection === 'messages') {
    const id = conversationIdOf(plan);
    return id === undefined ? undefined : [id];
  }
  const byId = plan.conditions.find(
    (condition) => condition.field === 'id' && (condition.op === '==' || condition.op === 'in'),
  );
  if (!byId || byId.value === null) return undefined;
  const ids = [byId.value].flat();
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined;
}

/** Whether the visitor may hold the subscription: every conversation it reads is theirs. */
export async function authorizeVisitor(
  db: Kysely<Database>,
  plan: QueryPlan,
  visitor: LiveVisitor,
): Promise<LiveError | undefined> {
  const ids = visitorConversationIds(plan);
  if (!ids || plan.workspaceId !== visitor.workspaceId) return visitorsMay();
  if (ids.length === 0) return undefined;
  const own = await db
    .selectFrom('conversations')
    .select('id')
    .where('id', 'in', ids)
    .where('customerId', '=', visitor.customerId)
    .where('workspaceId', '=', visitor.workspaceId)
    .execute();
  return own.length === new Set(ids).size ? undefined : visitorsMay();
}

export function fetchDocs(db: Kysely<Database>, plan: QueryPlan): Promise<LiveDoc[]> {
  return definitionOf(plan.collection).fetch(db, plan);
}

export function isAffected(event: ChangeEvent, plan: QueryPlan, docs: LiveDoc[] | undefined) {
  return definitionOf(plan.collection).affectedBy(event, plan, docs);
}

/**
 * Whether the caller may hold the subscription now: the one membership check of the HTTP calls
 * (an active link; the role when the plan needs it). Returns the refusal, if any.
 */
export async function authorize(
  db: Kysely<Database>,
  plan: QueryPlan,
  callerId: string,
): Promise<LiveError | undefined> {
  if (plan.access === 'self' || plan.access === 'own-links') return undefined;
  const workspaceId = plan.workspaceId ?? '';
  try {
    await requireMember(db, callerId, workspaceId, {
      role: plan.access === 'admin' ? 'admin' : undefined,
    });
    return undefined;
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    return new LiveError(
      'permission-denied',
      err.statusCode === 403
        ? `Only admins of workspace ${workspaceId} may read every member's ${plan.collection}`
        : `No access to workspace ${workspaceId}`,
    );
  }
}
