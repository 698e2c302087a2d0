import { call, ticketEndpoints, type WorkspaceUser } from 'shared-sdk';
import type { CreateTicketRequest, TicketsWhere, UpdateTicketRequest } from 'shared-sdk/schemas';

// The ticket calls of product-spec.md §7. The server checks workspace membership again on every one.

export const createTicket = (request: CreateTicketRequest) => call(ticketEndpoints.create, request);

export const updateTicket = (request: UpdateTicketRequest) => call(ticketEndpoints.update, request);

export const resolveTickets = (workspaceId: string, ticketIds: string[]) =>
  call(ticketEndpoints.resolve, {
    workspaceId,
    ticketIds,
  });

export const followUpTickets = (workspaceId: string, ticketIds: string[], isFollowedUp = true) =>
  call(ticketEndpoints.followUp, {
    workspaceId,
    ticketIds,
    isFollowedUp,
  });

/** The list query the "all" calls apply to: its workspace and status filter. */
export interface LoadedTicketsQuery {
  workspaceId: string;
  where: TicketsWhere | undefined;
}

/** product-spec.md §5: resolve-all and follow-up-all fail with this when no query is loaded. */
export const noQueryLoadedMessage = "Workspace doesn't exist";

function requireLoaded(query: LoadedTicketsQuery | null): LoadedTicketsQuery {
  if (!query) throw new Error(noQueryLoadedMessage);
  return query;
}

/** Resolves every ticket the loaded list query's filter holds, not only the page shown. */
export async function resolveTicketsAll(query: LoadedTicketsQuery | null) {
  const { workspaceId, where } = requireLoaded(query);
  return call(ticketEndpoints.resolveAll, {
    workspaceId,
    ...(where ? { where } : {}),
  });
}

/** Marks for follow-up every ticket the loaded list query's filter holds. */
export async function followUpTicketsAll(query: LoadedTicketsQuery | null) {
  const { workspaceId, where } = requireLoaded(query);
  return call(ticketEndpoints.followUpAll, {
    workspaceId,
    ...(where ? { where } : {}),
    isFollowedUp: true,
  });
}

export type Member = Pick<WorkspaceUser, 'userId' | 'firstName' | 'lastName' | 'email' | 'status'>;
