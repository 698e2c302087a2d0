import { billingEndpoints, call, type ChangePlanRequest } from 'shared-sdk';

// The billing calls (admins only; the server checks membership and role again).

export const changePlan = (request: ChangePlanRequest) =>
  call(billingEndpoints.changePlan, request);
