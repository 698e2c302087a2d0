import { endpoint } from '../endpoint';

// product-spec.md §7 ai-training-websites calls, website discovery (getLinks) and "Try the bot".
export const aiTrainingWebsiteEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/user/ai-training-websites',
    body: 'createAiTrainingWebsiteRequestSchema',
    response: 'aiTrainingWebsiteSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/ai-training-websites',
    body: 'updateAiTrainingWebsiteRequestSchema',
    response: 'aiTrainingWebsiteSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/ai-training-websites',
    body: 'deleteAiTrainingWebsiteRequestSchema',
  }),
  resync: endpoint({
    method: 'POST',
    path: '/api/user/ai-training-websites-resync',
    body: 'resyncAiTrainingWebsiteRequestSchema',
    response: 'aiTrainingWebsiteSchema',
  }),
};

export const getLinksEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/user/get-links',
    body: 'getLinksRequestSchema',
    response: 'getLinksStartedSchema',
    status: 201,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/user/get-links/:jobId',
    params: 'getLinksJobParamsSchema',
    query: 'workspaceIdQuerySchema',
    response: 'getLinksJobSchema',
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/user/get-links/:jobId',
    params: 'getLinksJobParamsSchema',
    body: 'workspaceIdQuerySchema',
    response: 'getLinksJobSchema',
  }),
};

export const botPreviewEndpoints = {
  ask: endpoint({
    method: 'POST',
    path: '/api/user/bot-preview',
    body: 'botPreviewRequestSchema',
    response: 'botPreviewSchema',
  }),
};
