import { endpoint } from '../endpoint';

// A workspace's canned responses (saved replies inserted with `/`): every member reads them
// (also live, collection `canned_responses`); admins create, change and delete them.
export const cannedResponseEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/canned-responses',
    query: 'workspaceIdQuerySchema',
    response: 'cannedResponsesSchema',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/user/canned-responses',
    body: 'createCannedResponseRequestSchema',
    response: 'cannedResponseSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/canned-responses',
    body: 'updateCannedResponseRequestSchema',
    response: 'cannedResponseSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/canned-responses',
    body: 'cannedResponseRequestSchema',
  }),
};
