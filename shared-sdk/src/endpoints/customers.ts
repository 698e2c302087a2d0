import { endpoint } from '../endpoint';

// Issue 44: search across the workspace, and the Customers page (admins of the workspace).
export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/user/search',
    query: 'searchRequestSchema',
    response: 'searchResponseSchema',
  }),
};

export const customerEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/customers',
    query: 'customersRequestSchema',
    response: 'customersResponseSchema',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/user/customer',
    query: 'customerRequestSchema',
    response: 'customerDetailsSchema',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/customers',
    body: 'updateCustomerRequestSchema',
    response: 'customerRecordSchema',
  }),
  merge: endpoint({
    method: 'POST',
    path: '/api/user/customers-merge',
    body: 'mergeCustomersRequestSchema',
    response: 'mergeCustomersResponseSchema',
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/user/customer-export',
    query: 'customerRequestSchema',
    response: 'customerExportSchema',
  }),
  erase: endpoint({
    method: 'POST',
    path: '/api/user/customers-erase',
    body: 'customerRequestSchema',
    response: 'eraseCustomerResponseSchema',
  }),
  erasures: endpoint({
    method: 'GET',
    path: '/api/user/customer-erasures',
    query: 'workspaceCustomerErasuresRequestSchema',
    response: 'customerErasuresResponseSchema',
  }),
};
