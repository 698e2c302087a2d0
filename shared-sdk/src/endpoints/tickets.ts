import { endpoint } from '../endpoint';

// product-spec.md §7 tickets calls.
export const ticketEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/user/tickets',
    body: 'createTicketRequestSchema',
    response: 'ticketSchema',
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/user/tickets',
    body: 'updateTicketRequestSchema',
    response: 'ticketSchema',
  }),
  resolve: endpoint({
    method: 'PATCH',
    path: '/api/user/resolve-tickets',
    body: 'resolveTicketsRequestSchema',
    response: 'ticketsChangedResponseSchema',
  }),
  resolveAll: endpoint({
    method: 'PATCH',
    path: '/api/user/resolve-tickets-all',
    body: 'resolveTicketsAllRequestSchema',
    response: 'ticketsChangedResponseSchema',
  }),
  followUp: endpoint({
    method: 'PATCH',
    path: '/api/user/follow-up-tickets',
    body: 'followUpTicketsRequestSchema',
    response: 'ticketsChangedResponseSchema',
  }),
  followUpAll: endpoint({
    method: 'PATCH',
    path: '/api/user/follow-up-tickets-all',
    body: 'followUpTicketsAllRequestSchema',
    response: 'ticketsChangedResponseSchema',
  }),
};
