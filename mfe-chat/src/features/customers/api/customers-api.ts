import { call, customerEndpoints } from 'shared-sdk';
import type { MergeCustomersRequest, UpdateCustomerRequest } from 'shared-sdk/schemas';

// The Customers page's calls (issue 44; workspace admins, checked again by the server).

export const updateCustomer = (request: UpdateCustomerRequest) =>
  call(customerEndpoints.update, request);

export const mergeCustomers = (request: MergeCustomersRequest) =>
  call(customerEndpoints.merge, request);

export const eraseCustomer = (request: { workspaceId: string; customerId: string }) =>
  call(customerEndpoints.erase, request);

export const exportCustomer = (request: { workspaceId: string; customerId: string }) =>
  call(customerEndpoints.export, request);

export const customerDetails = (request: { workspaceId: string; customerId: string }) =>
  call(customerEndpoints.get, request);

export const findCustomers = (request: { workspaceId: string; q: string }) =>
  call(customerEndpoints.list, request);
