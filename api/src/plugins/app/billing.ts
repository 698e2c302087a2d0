import fp from 'fastify-plugin';
import type { BillingConfig } from '../../config';
import { createBillingProvider } from '../../services/billing/billing-provider';
import type { BillingProvider } from '../../services/billing/billing-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Carries out workspaces' plan changes (BILLING_PROVIDER). */
    billingProvider: BillingProvider;
  }
}

export const billingPlugin = fp<{ billing: BillingConfig }>(
  async (app, { billing }) => {
    app.decorate('billingProvider', createBillingProvider(billing, app.log));
  },
  { name: 'billing' },
);
