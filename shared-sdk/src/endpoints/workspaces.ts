import { endpoint } from '../endpoint';

// product-spec.md §7: workspaces, their members, chatbots and statistics.
export const workspaceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/workspaces',
    response: 'workspaceUsersSchema',
    databaseFailure: 'fetchWorkspaces',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/user/workspaces',
    body: 'createWorkspaceRequestSchema',
    response: 'workspaceUserSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/workspaces',
    body: 'updateWorkspaceRequestSchema',
    response: 'workspaceSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/workspaces',
    body: 'deleteWorkspaceRequestSchema',
  }),
  isAdmin: endpoint({
    method: 'GET',
    path: '/api/user/is-admin',
    query: 'workspaceIdQuerySchema',
    response: 'isAdminResponseSchema',
  }),
  statistics: endpoint({
    method: 'GET',
    path: '/api/user/statistics',
    query: 'workspaceIdQuerySchema',
    response: 'statisticsSchema',
  }),
  chatbots: endpoint({
    method: 'GET',
    path: '/api/user/chatbots',
    query: 'workspaceIdQuerySchema',
    response: 'chatbotsSchema',
  }),
  updateChatbot: endpoint({
    method: 'PATCH',
    path: '/api/user/chatbots',
    body: 'updateChatbotRequestSchema',
    response: 'chatbotSchema',
  }),
};

export const workspaceUserEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/users',
    query: 'workspaceIdQuerySchema',
    response: 'workspaceUsersSchema',
    databaseFailure: 'fetchUsers',
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/user/users',
    body: 'addWorkspaceUsersRequestSchema',
    response: 'addWorkspaceUsersResponseSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/users',
    body: 'updateWorkspaceUserRequestSchema',
    response: 'workspaceUserSchema',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/user/users',
    body: 'deleteWorkspaceUserRequestSchema',
  }),
};
