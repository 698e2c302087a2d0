import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingEndpoints } from 'shared-sdk';
import { requireUser } from '../auth/workspace-access';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { changeWorkspacePlan, readBilling } from '../services/billing/workspace-billing';

const errors = {
  ...signedInErrors,
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace, or not a member of it',
};
const tags = ['billing'];

/** A workspace's plan, its usage against the plan's limits, and changing plan. Admins only. */
export const userBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(billingEndpoints.get, {
      tags,
      summary: "The workspace's plan, seats, this month's usage, limits and billing history",
      errors: { ...errors, 400: 'invalid-argument' },
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return readBilling(app.db, workspaceId, app.identity.now());
    },
  });

  app.route({
    ...endpointRoute(billingEndpoints.changePlan, {
      tags,
      summary: 'Move the workspace to another self-serve plan or billing period',
      description:
        "Recorded in the billing history with who changed it and the provider's reference. The " +
        'plan and period the workspace is on already: answered as it is, nothing recorded.',
      errors: {
        ...errors,
        400:
          'invalid-argument: the message names the offending field (body.plan: contact sales ' +
          'for a plan that is not self-serve), or says how many members to remove first',
      },
    }),
    handler: async (request) => {
      const { workspaceId, plan, period } = request.body;
      const userId = requireUser(request).id;
      await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        changeWorkspacePlan(trx, app.billingProvider, { workspaceId, plan, period, userId }, now),
      );
      return readBilling(app.db, workspaceId, app.identity.now());
    },
  });
};
