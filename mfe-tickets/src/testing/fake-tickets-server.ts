import type { LiveCollection, LiveDoc, WorkspaceUser } from 'shared-sdk';
import type { Ticket } from 'shared-sdk/schemas';
import {
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { buildMembers, buildStatistics, buildWorkspace } from '@testing/data-generators';

const workspaceId = buildWorkspace().id;

type Body = Record<string, unknown>;
type Where = { field: 'status'; value: Ticket['status'] } | undefined;

/**
 * The tickets calls of product-spec.md §7 and the live collections they change, in memory: each write
 * changes the tickets and the statistics document together, then the live subscriptions hear it,
 * as the real API does. `override` answers a call differently (e.g. an error).
 */
export function fakeTicketsServer({
  tickets = [],
  members = buildMembers(),
  conversations,
  messages,
  unavailable = [],
  override = () => undefined,
}: {
  tickets?: (Ticket & LiveDoc)[];
  members?: WorkspaceUser[];
  conversations?: LiveDoc[];
  messages?: LiveDoc[];
  unavailable?: LiveCollection[];
  override?: (request: FakeRequest) => FakeReply | Promise<FakeReply> | undefined;
} = {}) {
  const live = connectFakeLiveCollections(
    {
      tickets,
      statistics: [buildStatistics(tickets)],
      ...(conversations ? { conversations } : {}),
      ...(messages ? { messages } : {}),
    },
    { unavailable: conversations ? unavailable : ['conversations', 'messages', ...unavailable] },
  );
  let nextId = 1;
  const now = () => new Date(Date.UTC(2025, 5, 1, 12, 0, nextId)).toISOString();

  /** Changes the tickets `select` picks; answers how many changed, as the bulk calls do. */
  async function change(select: (ticket: Ticket) => boolean, update: Partial<Ticket>) {
    let changed = 0;
    await live.commit((data) => {
      data.tickets = (data.tickets as (Ticket & LiveDoc)[]).map((ticket) => {
        const differs = Object.entries(update).some(
          ([key, value]) => ticket[key as keyof Ticket] !== value,
        );
        if (!select(ticket) || !differs) return ticket;
        changed += 1;
        return { ...ticket, ...update, updatedAt: now() };
      });
      data.statistics = [buildStatistics(data.tickets as Ticket[])];
    });
    return { status: 200, body: { changed } };
  }

  const inWhere = (where: Where) => (ticket: Ticket) =>
    !where || ticket[where.field] === where.value;
  const byIds = (ids: unknown) => (ticket: Ticket) => Array.isArray(ids) && ids.includes(ticket.id);

  const api = fakeApi(async (request) => {
    const overridden = await override(request);
    if (overridden) return overridden;
    const body = (request.body ?? {}) as Body;
    if (request.method !== 'GET' && body.workspaceId !== workspaceId) {
      return errorReply(404, 'not-found', "Workspace doesn't exist");
    }
    switch (`${request.method} ${request.url}`) {
      case `GET /api/user/users?workspaceId=${workspaceId}`:
        return { status: 200, body: members };
      case 'POST /api/user/tickets': {
        const ticket = {
          id: `tkt_new${nextId++}`,
          workspaceId,
          type: body.type,
          assigneeId: body.assigneeId ?? null,
          status: 'open',
          isFollowedUp: false,
          subject: body.subject ?? null,
          recipientInfo: body.recipientInfo ?? null,
          conversationId: body.conversationId ?? null,
          createdAt: now(),
          updatedAt: now(),
        } as Ticket & LiveDoc;
        await live.commit((data) => {
          data.tickets = [...(data.tickets ?? []), ticket];
          data.statistics = [buildStatistics(data.tickets as Ticket[])];
        });
        return { status: 201, body: ticket };
      }
      case 'PATCH /api/user/tickets': {
        await change((ticket) => ticket.id === body.ticketId, {
          assigneeId: body.assigneeId as string | null,
        });
        const updated = live.collections.tickets?.find((ticket) => ticket.id === body.ticketId);
        return updated ? { status: 200, body: updated } : notFoundReply(request);
      }
      case 'PATCH /api/user/resolve-tickets':
        return change(byIds(body.ticketIds), { status: 'closed' });
      case 'PATCH /api/user/follow-up-tickets':
        return change(byIds(body.ticketIds), { isFollowedUp: body.isFollowedUp !== false });
      case 'PATCH /api/user/resolve-tickets-all':
        return change(inWhere(body.where as Where), { status: 'closed' });
      case 'PATCH /api/user/follow-up-tickets-all':
        return change(inWhere(body.where as Where), { isFollowedUp: true });
      default:
        return notFoundReply(request);
    }
  });

  return {
    live,
    requests: api.requests,
    /** The requests with this method, without the GETs every page makes. */
    sent: (method: string) => api.requests.filter((request) => request.method === method),
  };
}
