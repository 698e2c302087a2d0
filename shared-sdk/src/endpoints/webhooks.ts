import { endpoint } from '../endpoint';

// Outgoing webhooks (the Integrations screen): admins of the workspace. The delivery log is
// live (collections `webhooks` and `webhook_deliveries`).
export const webhookEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/webhooks',
    query: 'workspaceIdQuerySchema',
    response: 'webhooksSchema',
  }),
  /** Answers the signing secret, the one time it is shown. */
  create: endpoint({
    method: 'POST',
    path: '/api/user/webhooks',
    body: 'createWebhookRequestSchema',
    response: 'createWebhookResponseSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/webhooks',
    body: 'updateWebhookRequestSchema',
    response: 'webhookSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/webhooks',
    body: 'webhookRequestSchema',
  }),
  /** Sends a `webhook.test` event now. */
  test: endpoint({
    method: 'POST',
    path: '/api/user/webhooks-test',
    body: 'webhookRequestSchema',
    response: 'webhookDeliveryQueuedResponseSchema',
  }),
  /** One more try of a delivery, with the same delivery id. */
  resend: endpoint({
    method: 'POST',
    path: '/api/user/webhook-deliveries-resend',
    body: 'resendWebhookDeliveryRequestSchema',
    response: 'webhookDeliveryQueuedResponseSchema',
  }),
};
