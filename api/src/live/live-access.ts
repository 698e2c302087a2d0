import type { Kysely } from 'kysely';
import type { LiveQuery } from 'shared-sdk';
import { requireMember } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { planQuery } from './live-collections';
import { conversationIdOf } from './live-conversations';
import { LiveError } from './live-error';
import type { QueryPlan } from './query-plan';

// Who may hold a subscription: members by the HTTP calls' own membership check, widget visitors
// to their own conversations, and to their workspace's chatbots by id (the window follows the
// chatbot it shows: its name, colour and photo are public on the business's site anyway).

/** A widget visitor on /api/live, signed in with their visitor token. */
export interface LiveVisitor {
  customerId: string;
  workspaceId: string;
}

const visitorsMay = () =>
  new LiveError(
    'permission-denied',
    'The widget may read only its own conversations and their messages, and chatbots by id',
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
  if (query.collection === 'chatbots') {
    const plan = planQuery(scoped, visitor.customerId);
    if (idsNamedBy(plan) === undefined) throw visitorsMay();
    return plan;
  }
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
  return idsNamedBy(plan);
}

/** The ids a plan's `id ==` or `id in` condition names (undefined: none). */
function idsNamedBy(plan: QueryPlan): string[] | undefined {
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
  // The plan reads chatbots of the visitor's own workspace only (planVisitorQuery scoped it).
  if (plan.collection === 'chatbots') {
    return plan.workspaceId === visitor.workspaceId ? undefined : visitorsMay();
  }
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
