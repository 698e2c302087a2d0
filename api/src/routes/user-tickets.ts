import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { ticketForwardingMail } from '../services/ticket-forwarding';
import {
  assignTicket,
  createTicket,
  followUpTickets,
  resolveSelectedTickets,
} from '../services/tickets';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field; "The assignee is not a member of this workspace"',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace or not a member of it (or, where named, ticket or conversation)',
};
const tags = ['tickets'];

/**
 * product-spec.md §7 tickets calls, for admins of the workspace (product-spec.md §2/§6: the tickets pages need
 * workspace-admin rights). Each is one write transaction that keeps the statistics exact
 * (ticket total = open + closed, product-spec.md §9). Bulk calls touch only the workspace's own tickets:
 * ids of other workspaces are ignored, never revealed.
 */
export const userTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;
  app.route({
    ...endpointRoute(ticketEndpoints.create, {
      tags,
      summary: 'Create an internal ticket, or one linked to a conversation of the workspace',
      errors: {
        ...errors,
        404: 'not-found: no such workspace or not a member of it; no such conversation in it',
      },
    }),
    handler: async (request, reply) => {
      const { body } = request;
      await memberRead(app, request, body.workspaceId, 'admin');
      const ticket = await createTicket(app.db, body, app.identity.now());
      const mail = await ticketForwardingMail(app.db, ticket, publicUrl);
      if (mail) app.mailer.send(mail);
      return reply.code(201).send(ticket);
    },
  });

  app.route({
    ...endpointRoute(ticketEndpoints.update, {
      tags,
      summary: "Change a ticket's assignee",
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
        assignTicket(trx, request.body, now),
      ),
  });

  app.route({
    ...endpointRoute(ticketEndpoints.resolve, {
      tags,
      summary: 'Resolve (close) the tickets picked; answers how many were open',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, ticketIds } = request.body;
      const changed = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        resolveSelectedTickets(trx, workspaceId, { ids: ticketIds }, now),
      );
      return { changed };
    },
  });

  app.route({
    ...endpointRoute(ticketEndpoints.resolveAll, {
      tags,
      summary: "Resolve every open ticket of the list's filter (none: of the workspace)",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, where } = request.body;
      const changed = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        resolveSelectedTickets(trx, workspaceId, { where }, now),
      );
      return { changed };
    },
  });

  app.route({
    ...endpointRoute(ticketEndpoints.followUp, {
      tags,
      summary: 'Mark the tickets picked for follow-up (isFollowedUp false: unmark)',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, ticketIds, isFollowedUp } = request.body;
      const changed = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        followUpTickets(trx, workspaceId, { ids: ticketIds }, isFollowedUp, now),
      );
      return { changed };
    },
  });

  app.route({
    ...endpointRoute(ticketEndpoints.followUpAll, {
      tags,
      summary: "Mark every ticket of the list's filter (none: of the workspace) for follow-up",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, where, isFollowedUp } = request.body;
      const changed = await memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        followUpTickets(trx, workspaceId, { where }, isFollowedUp, now),
      );
      return { changed };
    },
  });
};
