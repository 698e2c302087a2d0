import { toWebhookDelivery } from '../repositories/webhook-deliveries';
import { toWebhook } from '../repositories/webhooks';
import { column, text, timestamp, workspaceCollection } from './collection-definition';
import { applyPlan } from './query-plan';

// The Integrations screen's live collections: the webhooks and their delivery log. Admins only,
// as the webhook calls are: a delivery's body carries the workspace's data.

// Oldest first, as GET /api/user/webhooks (webhooks_workspace_idx).
export const webhooks = workspaceCollection(
  'webhooks',
  {
    id: text(column('w.id'), true),
    paused: { type: 'boolean', sql: column('w.paused'), sortable: true },
    createdAt: timestamp(column('w.createdAt')),
    updatedAt: timestamp(column('w.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'asc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('webhooks as w')
      .selectAll('w')
      .where('w.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toWebhook);
  },
  'admin',
);

// The delivery log, newest first; where webhookId == … reads one webhook's
// (webhook_deliveries_list_idx), without it the workspace's (webhook_deliveries_workspace_idx).
export const webhookDeliveries = workspaceCollection(
  'webhook_deliveries',
  {
    id: text(column('d.id'), true),
    webhookId: text(column('d.webhookId')),
    event: text(column('d.event'), true),
    status: text(column('d.status'), true),
    createdAt: timestamp(column('d.createdAt')),
    updatedAt: timestamp(column('d.updatedAt')),
  },
  [{ field: 'createdAt', direction: 'desc' }],
  async (db, plan) => {
    const query = db
      .selectFrom('webhookDeliveries as d')
      .selectAll('d')
      .where('d.workspaceId', '=', plan.workspaceId ?? '');
    return (await applyPlan(query, plan).execute()).map(toWebhookDelivery);
  },
  'admin',
);
