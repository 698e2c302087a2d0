import {
  call,
  webhookEndpoints,
  type CreateWebhookRequest,
  type LiveQuery,
  type UpdateWebhookRequest,
} from 'shared-sdk';

// The Integrations screen's calls (docs/webhooks.md); the server checks the caller is an admin.

export const createWebhook = (request: CreateWebhookRequest) =>
  call(webhookEndpoints.create, request);

export const updateWebhook = (request: UpdateWebhookRequest) =>
  call(webhookEndpoints.update, request);

export const deleteWebhook = (workspaceId: string, webhookId: string) =>
  call(webhookEndpoints.delete, { workspaceId, webhookId });

export const sendTestEvent = (workspaceId: string, webhookId: string) =>
  call(webhookEndpoints.test, { workspaceId, webhookId });

export const resendDelivery = (workspaceId: string, deliveryId: string) =>
  call(webhookEndpoints.resend, { workspaceId, deliveryId });

export const webhooksQuery = (workspaceId: string): LiveQuery => ({
  collection: 'webhooks',
  workspaceId,
});

/** One webhook's latest deliveries, newest first. */
export const deliveriesQuery = (workspaceId: string, webhookId: string): LiveQuery => ({
  collection: 'webhook_deliveries',
  workspaceId,
  where: [{ field: 'webhookId', op: '==', value: webhookId }],
  orderBy: [{ field: 'createdAt', direction: 'desc' }],
  limit: 20,
});

/** The tag a business pastes into its site, for this workspace. */
export const loaderSnippet = (origin: string, workspaceId: string) =>
  `<script async src="${origin}/widget/loader.js" data-workspace-id="${workspaceId}"></script>`;
