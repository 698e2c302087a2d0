import { sql, type Kysely } from 'kysely';
import type { LiveCollection, LiveDoc, LiveQuery } from 'shared-sdk';
import type { Database } from '../db/schema';
import { toAiTrainingQnaTopic } from '../repositories/ai-training-qna-topics';
import { toAiTrainingQna } from '../repositories/ai-training-qnas';
import { selectWebpageStates, toAiTrainingWebsite } from '../repositories/ai-training-websites';
import { toJobDocument } from '../jobs/job-store';
import { toChatbot } from '../repositories/chatbots';
import { toProduct } from '../repositories/products';
import { toCannedResponse } from '../repositories/canned-responses';
import { toCustomer } from '../repositories/customers';
import { toStatistics } from '../repositories/statistics';
import { toTicket } from '../repositories/tickets';
import { toUser } from '../repositories/users';
import { toWorkspace } from '../repositories/workspaces';
import { selectEnriched, toWorkspaceUser } from '../repositories/workspace-users';
import type { ChangeEvent } from './change-events';
import { LiveError } from './live-error';
import {
  byId,
  byteOrder,
  requireWorkspaceId,
  column,
  idOnly,
  milliseconds,
  notInWorkspace,
  text,
  timestamp,
  workspaceCollection,
  type CollectionDefinition,
} from './collection-definition';
import { conversationNotes, conversations, messages } from './live-conversations';
import { webhookDeliveries, webhooks } from './live-webhooks';
import { applyPlan, buildPlan } from './query-plan';
import type { FieldDefinition, OrderField, QueryPlan } from './query-plan';

// The registry of live collections: every collection a client may subscribe to, with its fields,
// orders and workspace rule, is one list here, so what can be queried live (and how each is
// authorized) is read in one place; the larger collections' definitions are in their own modules
// (live-conversations.ts, live-webhooks.ts) and only listed here.

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

// product-spec.md §4: followed-up tickets sort before others; newest first. Served by tickets_list_idx.
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
// product-spec.md §7: workspace_user is read by userId or by workspaceId, ascending createdAt.
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

// product-spec.md §3 ai_training_qna; newest first (ai_training_qnas_workspace_id_created_at_idx).
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

// product-spec.md §3 ai_training_qna_topic: the name is the id. Most recently used first.
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

// product-spec.md §3 product; newest first (products_list_idx, products_status_list_idx), or by name
// (products_name_idx). `search` is what the list's search box looks in: the name and the SKU.
const products = workspaceCollection(
  'products',
  {
    id: text(column('p.id'), true),
    sku: text(column('p.sku'), true),
    name: text(column('p.name'), true),
    status: text(column('p.status'), true),
    search: {
      type: 'string',
      sql: sql`(${sql.ref('p.name')} || ' ' || ${sql.ref('p.sku')})`,
      searchable: true,
    },
    createdAt: timestamp(column('p.createdAt')),
    updatedAt: timestamp(column('p.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'desc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('products as p')
      .selectAll('p')
      .where('p.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toProduct);
  },
);

// product-spec.md §3 ai_training_website, with the state of each of its links; newest first
// (ai_training_websites_list_idx).
const aiTrainingWebsites = workspaceCollection(
  'ai_training_websites',
  {
    id: text(column('s.id'), true),
    baseUrl: text(column('s.baseUrl'), true),
    createdAt: timestamp(column('s.createdAt')),
    updatedAt: timestamp(column('s.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'desc' }],
  async (db, plan) => {
    const workspaceId = plan.workspaceId ?? '';
    const query = db
      .selectFrom('aiTrainingWebsites as s')
      .selectAll('s')
      .where('s.workspaceId', '=', workspaceId);
    const rows = await applyPlan(query, plan).execute();
    if (rows.length === 0) return [];
    const pages = await selectWebpageStates(
      db,
      workspaceId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toAiTrainingWebsite(
        row,
        pages.filter((page) => page.websiteId === row.id),
      ),
    );
  },
);

// Background jobs (website discovery) and their progress; admins only, as their calls are.
const jobsFields = {
  id: text(column('j.id'), true),
  kind: text(column('j.kind'), true),
  status: text(column('j.status'), true),
  createdAt: timestamp(column('j.createdAt')),
};
const jobsOrder: OrderField[] = [{ field: 'createdAt', direction: 'desc' }];
const jobs: CollectionDefinition = {
  fields: jobsFields,
  defaultOrder: jobsOrder,
  plan(query) {
    return buildPlan({
      query,
      fields: jobsFields,
      defaultOrder: jobsOrder,
      workspaceId: requireWorkspaceId(query),
      userId: null,
      access: 'admin',
    });
  },
  async fetch(db, plan) {
    const query = db
      .selectFrom('jobs as j')
      .selectAll('j')
      .where('j.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toJobDocument);
  },
  affectedBy: (event, plan) =>
    event.collection === 'jobs' && event.workspaceId === plan.workspaceId,
};

// A workspace's canned responses, by shortcut (canned_responses_shortcut_key); every member.
const cannedResponses = workspaceCollection(
  'canned_responses',
  {
    id: text(column('r.id'), true),
    shortcut: text(column('r.shortcut'), true),
    updatedAt: timestamp(column('r.updatedAt')),
  },
  [{ field: 'shortcut', direction: 'asc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('cannedResponses as r')
      .selectAll('r')
      .where('r.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toCannedResponse);
  },
);

const collections: Record<LiveCollection, CollectionDefinition> = {
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
  products,
  ai_training_websites: aiTrainingWebsites,
  jobs,
  webhooks,
  webhook_deliveries: webhookDeliveries,
  canned_responses: cannedResponses,
  conversation_notes: conversationNotes,
};

function definitionOf(collection: LiveCollection): CollectionDefinition {
  return collections[collection];
}

/** Validates a subscription's query for the caller; throws LiveError. */
export function planQuery(query: LiveQuery, callerId: string): QueryPlan {
  const definition = definitionOf(query.collection);
  if (
    query.conversationId !== undefined &&
    query.collection !== 'messages' &&
    query.collection !== 'conversation_notes'
  ) {
    throw new LiveError(
      'invalid-argument',
      'conversationId goes with messages and conversation_notes only',
    );
  }
  return definition.plan(query, callerId);
}

export function fetchDocs(db: Kysely<Database>, plan: QueryPlan): Promise<LiveDoc[]> {
  return definitionOf(plan.collection).fetch(db, plan);
}

export function isAffected(event: ChangeEvent, plan: QueryPlan, docs: LiveDoc[] | undefined) {
  return definitionOf(plan.collection).affectedBy(event, plan, docs);
}
