import { endpoint } from '../endpoint';

// A workspace's plan, its usage against the plan's limits, and changing plan (admins).
export const billingEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/user/billing',
    query: 'workspaceIdQuerySchema',
    response: 'billingSchema',
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/api/user/billing-plan',
    body: 'changePlanRequestSchema',
    response: 'billingSchema',
  }),
};
