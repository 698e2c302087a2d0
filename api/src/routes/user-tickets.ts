import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTicketRequestSchema,
  followUpTicketsAllRequestSchema,
  followUpTicketsRequestSchema,
  resolveTicketsAllRequestSchema,
  resolveTicketsRequestSchema,
  ticketSchema,
  ticketsChangedResponseSchema,
  updateTicketRequestSchema,
} from 'shared-sdk/schemas';
import { requireMember, requireUser } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import { findConversation } from '../repositories/conversations';
import {
  findTicket,
  insertTicket,
  resolveTickets,
  setTicketsFollowedUp,
  updateTickets,
} from '../repositories/tickets';
import { findMembership } from '../repositories/workspace-users';

const ticketErrors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field; "The assignee is not a member of this workspace"',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace or not a member of it (or, where named, ticket or conversation)',
};

/** spec §3: a ticket is assigned to nobody or to an active member of its workspace. */
async function requireAssignee(
  db: Kysely<Database>,
  workspaceId: string,
  assigneeId: string | null,
): Promise<void> {
  if (assigneeId === null) return;
  const link = await findMembership(db, workspaceId, assigneeId);
  if (link?.status !== 'active') {
    throw new HttpError(400, 'The assignee is not a member of this workspace');
  }
}

/**
 * spec §7 tickets calls. Each runs in one write transaction that checks the caller (an admin of
 * the workspace: spec §2/§6, the tickets pages need workspace-admin rights), writes, and keeps
 * the statistics exact (ticket total = open + closed, spec §9). Bulk calls touch only the
 * workspace's own tickets: ids of other workspaces are ignored, never revealed.
 */
export const userTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tickets'];

  app.post(
    '/user/tickets',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Create an internal ticket, or one linked to a conversation of the workspace',
        body: createTicketRequestSchema,
        response: {
          201: ticketSchema,
          ...errorResponses({
            ...ticketErrors,
            404: 'not-found: no such workspace or not a member of it; no such conversation in it',
          }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const ticket = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, body.workspaceId, { role: 'admin' });
        await requireAssignee(trx, body.workspaceId, body.assigneeId);
        // Another workspace's conversation is "not found", as if it did not exist.
        if (
          body.type === 'external' &&
          !(await findConversation(trx, body.workspaceId, body.conversationId))
        ) {
          throw new HttpError(404, `Conversation ${body.conversationId} not found`);
        }
        return insertTicket(trx, body, app.identity.now());
      });
      return reply.code(201).send(ticket);
    },
  );

  app.patch(
    '/user/tickets',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "Change a ticket's assignee",
        body: updateTicketRequestSchema,
        response: { 200: ticketSchema, ...errorResponses(ticketErrors) },
      },
    },
    async (request) => {
      const { workspaceId, ticketId, assigneeId } = request.body;
      return writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        if (!(await findTicket(trx, workspaceId, ticketId))) {
          throw new HttpError(404, `Ticket ${ticketId} not found`);
        }
        await requireAssignee(trx, workspaceId, assigneeId);
        const [ticket] = await updateTickets(
          trx,
          workspaceId,
          [ticketId],
          { assigneeId },
          app.identity.now(),
        );
        if (!ticket) throw new HttpError(404, `Ticket ${ticketId} not found`);
        return ticket;
      });
    },
  );

  const changedResponse = { 200: ticketsChangedResponseSchema, ...errorResponses(ticketErrors) };

  app.patch(
    '/user/resolve-tickets',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Resolve (close) the tickets picked; answers how many were open',
        body: resolveTicketsRequestSchema,
        response: changedResponse,
      },
    },
    async (request) => {
      const { workspaceId, ticketIds } = request.body;
      const changed = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        return resolveTickets(trx, workspaceId, { ids: ticketIds }, app.identity.now());
      });
      return { changed };
    },
  );

  app.patch(
    '/user/resolve-tickets-all',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "Resolve every open ticket of the list's filter (none: of the workspace)",
        body: resolveTicketsAllRequestSchema,
        response: changedResponse,
      },
    },
    async (request) => {
      const { workspaceId, where } = request.body;
      const changed = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        return resolveTickets(trx, workspaceId, { where }, app.identity.now());
      });
      return { changed };
    },
  );

  app.patch(
    '/user/follow-up-tickets',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Mark the tickets picked for follow-up (isFollowedUp false: unmark)',
        body: followUpTicketsRequestSchema,
        response: changedResponse,
      },
    },
    async (request) => {
      const { workspaceId, ticketIds, isFollowedUp } = request.body;
      const changed = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        return setTicketsFollowedUp(
          trx,
          workspaceId,
          { ids: ticketIds },
          isFollowedUp,
          app.identity.now(),
        );
      });
      return { changed };
    },
  );

  app.patch(
    '/user/follow-up-tickets-all',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "Mark every ticket of the list's filter (none: of the workspace) for follow-up",
        body: followUpTicketsAllRequestSchema,
        response: changedResponse,
      },
    },
    async (request) => {
      const { workspaceId, where, isFollowedUp } = request.body;
      const changed = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, requireUser(request).id, workspaceId, { role: 'admin' });
        return setTicketsFollowedUp(trx, workspaceId, { where }, isFollowedUp, app.identity.now());
      });
      return { changed };
    },
  );
};
