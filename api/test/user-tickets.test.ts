import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AuthResponse, LiveDoc } from 'shared-sdk';
import {
  errorBodySchema,
  statisticsSchema,
  ticketSchema,
  ticketsChangedResponseSchema,
} from 'shared-sdk/schemas';
import type { Ticket } from 'shared-sdk/schemas';
import { writeTransaction } from '../src/live/write-transaction';
import { toTicket } from '../src/repositories/tickets';
import { createWebhook } from '../src/services/webhooks';
import { checkStatistics } from '../src/services/statistics-check';
import { buildInternalTicket, createConversation, createTicket } from './fixtures/ticket';
import { bearer, signUp } from './fixtures/user';
import type { SignedUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { seedTeams } from './fixtures/teams';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  testConfig,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { transactionsDuring } from './support/transactions';
import { listenForLive, LiveTestClient } from './support/live-client';
import { createPostgresDatabase, testPostgresUrl } from './support/test-database';

// On the embedded database always; on PostgreSQL too when TEST_DATABASE_URL is set (the bulk
// updates and the keyset paging SQL must mean the same on both).
jest.setTimeout(30_000);

describe.each(testBackends)(
  '/api/user/*tickets* (product-spec.md §7 tickets calls; $backend)',
  (backend) => {
    let app: TestApp;
    let dropDatabase = async () => {};
    const clients: LiveTestClient[] = [];
    beforeAll(async () => {
      const { database, drop } = await backendDatabase(backend, 'parley_tickets');
      dropDatabase = drop;
      app = await buildTestApp({ database });
      await listenForLive(app);
      // No job runs here; stopped, its runner's transactions are not counted (transactionsDuring).
      await app.jobs.close();
    }, appStartTimeoutMs);
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
    });
    afterAll(async () => {
      await app?.close();
      await dropDatabase();
    });

    const send = (
      method: 'POST' | 'PATCH',
      path: string,
      auth: AuthResponse | undefined,
      payload: Record<string, unknown>,
    ) =>
      app.inject({
        method,
        url: `/api/user/${path}`,
        headers: auth ? bearer(auth) : {},
        payload,
      });

    /** An admin with a workspace; the workspace's id. */
    async function adminWithWorkspace(): Promise<{ admin: SignedUp; workspaceId: string }> {
      const admin = await signUp(app);
      const { workspaceId } = await createWorkspace(app, admin.auth);
      return { admin, workspaceId };
    }

    async function statisticsOf(auth: AuthResponse, workspaceId: string) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/user/statistics?workspaceId=${workspaceId}`,
        headers: bearer(auth),
      });
      expect(response.statusCode).toBe(200);
      return statisticsSchema.parse(response.json()).tickets;
    }

    /** The workspace's tickets, oldest first. */
    async function ticketsOf(workspaceId: string): Promise<Ticket[]> {
      const rows = await app.db
        .selectFrom('tickets')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('createdAt')
        // createdAt is stored to the millisecond, and a fast server makes two tickets in one:
        // seedTickets' subjects keep those in the order they were made.
        .orderBy('subject')
        .orderBy(sql`id collate "C"`)
        .execute();
      return rows.map(toTicket);
    }

    /** The statistics check finds the workspace's counters equal to its rows. */
    async function expectExactStatistics(workspaceId: string) {
      const report = await checkStatistics(app.db);
      expect(report.differences.filter((d) => d.workspaceId === workspaceId)).toEqual([]);
    }

    async function seedTickets(workspaceId: string, statuses: ('open' | 'closed')[]) {
      const tickets: Ticket[] = [];
      for (const [i, status] of statuses.entries()) {
        tickets.push(
          await createTicket(
            app,
            buildInternalTicket(workspaceId, { status, subject: `T${String(i).padStart(2, '0')}` }),
          ),
        );
      }
      return tickets;
    }

    function expectError(
      response: Awaited<ReturnType<typeof send>>,
      status: number,
      code: string,
      message?: string | RegExp,
    ) {
      expect(response.statusCode).toBe(status);
      const { error } = errorBodySchema.parse(response.json());
      expect(error.code).toBe(code);
      if (message !== undefined) expect(error.message).toMatch(message);
    }

    describe('POST /api/user/tickets', () => {
      it('creates an open internal ticket and counts it', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const response = await send('POST', 'tickets', admin.auth, {
          type: 'internal',
          workspaceId,
          subject: '  Refund for order 1042  ',
          recipientInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customer.example' },
          assigneeId: admin.auth.user.id,
        });
        expect(response.statusCode).toBe(201);
        const ticket = ticketSchema.parse(response.json());
        expect(ticket).toMatchObject({
          workspaceId,
          type: 'internal',
          status: 'open',
          isFollowedUp: false,
          subject: 'Refund for order 1042',
          recipientInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customer.example' },
          assigneeId: admin.auth.user.id,
          conversationId: null,
        });
        expect(await ticketsOf(workspaceId)).toEqual([ticket]);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 0 });
      });

      it('creates an external ticket for a conversation of the workspace, unassigned', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const conversationId = await createConversation(app, workspaceId);
        const response = await send('POST', 'tickets', admin.auth, {
          type: 'external',
          workspaceId,
          conversationId,
          assigneeId: null,
        });
        expect(response.statusCode).toBe(201);
        expect(ticketSchema.parse(response.json())).toMatchObject({
          type: 'external',
          conversationId,
          subject: null,
          recipientInfo: null,
          assigneeId: null,
          status: 'open',
        });
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 0 });
        await expectExactStatistics(workspaceId);
      });

      it("answers 404 for another workspace's conversation, and creates nothing", async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const other = await adminWithWorkspace();
        const theirConversation = await createConversation(app, other.workspaceId);
        for (const conversationId of [theirConversation, 'no-such-conversation']) {
          const response = await send('POST', 'tickets', admin.auth, {
            type: 'external',
            workspaceId,
            conversationId,
            assigneeId: null,
          });
          expectError(response, 404, 'not-found', `Conversation ${conversationId} not found`);
        }
        expect(await ticketsOf(workspaceId)).toEqual([]);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 0, closed: 0 });
      });

      it('assigns only active members of the workspace', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const agent = await signUp(app);
        const disabled = await signUp(app);
        const outsider = await adminWithWorkspace();
        await addMember(app, admin.auth, workspaceId, agent.request.email);
        const disabledLink = await addMember(app, admin.auth, workspaceId, disabled.request.email);
        await app.inject({
          method: 'PATCH',
          url: '/api/user/users',
          headers: bearer(admin.auth),
          payload: { workspaceUserId: disabledLink.id, status: 'disabled' },
        });
        const create = (assigneeId: string) =>
          send('POST', 'tickets', admin.auth, {
            type: 'internal',
            workspaceId,
            subject: 'Call back',
            recipientInfo: {},
            assigneeId,
          });
        for (const assigneeId of [
          outsider.admin.auth.user.id,
          disabled.auth.user.id,
          'no-such-user',
        ]) {
          expectError(
            await create(assigneeId),
            400,
            'invalid-argument',
            'The assignee is not a member of this workspace',
          );
        }
        const assigned = await create(agent.auth.user.id);
        expect(assigned.statusCode).toBe(201);
        expect(ticketSchema.parse(assigned.json()).assigneeId).toBe(agent.auth.user.id);
        // A recipient left out reads as empty names and address.
        expect(ticketSchema.parse(assigned.json()).recipientInfo).toEqual({
          firstName: '',
          lastName: '',
          email: '',
        });
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 0 });
      });

      it('refuses bad input with 400 invalid-argument naming the field', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const internal = {
          type: 'internal',
          workspaceId,
          subject: 'Subject',
          recipientInfo: {},
          assigneeId: null,
        };
        const cases: [Record<string, unknown>, RegExp][] = [
          [{ ...internal, type: 'email' }, /body\.type/],
          [{ ...internal, subject: '   ' }, /body\.subject: Please enter a subject/],
          [{ ...internal, subject: 'x'.repeat(201) }, /body\.subject/],
          [{ ...internal, subject: undefined }, /body\.subject/],
          [{ ...internal, recipientInfo: { email: 'not-an-address' } }, /valid e-mail address/],
          [{ ...internal, workspaceId: '' }, /body\.workspaceId/],
          [{ ...internal, assigneeId: undefined }, /body\.assigneeId/],
          [{ type: 'external', workspaceId, assigneeId: null }, /body\.conversationId/],
        ];
        for (const [payload, message] of cases) {
          expectError(
            await send('POST', 'tickets', admin.auth, payload),
            400,
            'invalid-argument',
            message,
          );
        }
        expect(await ticketsOf(workspaceId)).toEqual([]);
      });

      it('lets only admins of the workspace create tickets', async () => {
        const {
          team: { agent, workspaceId },
          stranger,
        } = await seedTeams(app);
        const payload = {
          type: 'internal',
          workspaceId,
          subject: 'Subject',
          recipientInfo: {},
          assigneeId: null,
        };
        expectError(await send('POST', 'tickets', undefined, payload), 401, 'unauthenticated');
        expectError(await send('POST', 'tickets', stranger.auth, payload), 404, 'not-found');
        expectError(await send('POST', 'tickets', agent.auth, payload), 403, 'permission-denied');
        expect(await ticketsOf(workspaceId)).toEqual([]);
      });

      it('stores a ticket by its statement alone, and in a transaction with the delivery when a webhook waits for new tickets', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const create = (subject: string) =>
          send('POST', 'tickets', admin.auth, {
            type: 'internal',
            workspaceId,
            subject,
            recipientInfo: {},
            assigneeId: null,
          });
        const told = async () =>
          (
            await app.db
              .selectFrom('webhookDeliveries')
              .select('body')
              .where('workspaceId', '=', workspaceId)
              .where('event', '=', 'ticket.created')
              .execute()
          ).map(({ body }) => (JSON.parse(body) as { data: { ticket: Ticket } }).data.ticket);

        expect(await transactionsDuring(app.db, () => create('Alone'))).toBe(0);
        await writeTransaction(app.db, (trx) =>
          createWebhook(
            trx,
            { workspaceId, url: 'https://hooks.example.com/tickets', events: ['ticket.created'] },
            new Date(),
          ),
        );
        const response = await create('Told');

        expect(response.statusCode).toBe(201);
        expect(await told()).toEqual([ticketSchema.parse(response.json())]);
        expect((await ticketsOf(workspaceId)).map((ticket) => ticket.subject).sort()).toEqual([
          'Alone',
          'Told',
        ]);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 2, closed: 0 });
      });
    });

    describe('PATCH /api/user/tickets', () => {
      it("changes the assignee of the workspace's ticket only", async () => {
        const {
          team: { admin, agent, workspaceId },
          otherTeam: other,
        } = await seedTeams(app);
        const [ticket] = await seedTickets(workspaceId, ['open']);
        const [theirs] = await seedTickets(other.workspaceId, ['open']);

        const response = await send('PATCH', 'tickets', admin.auth, {
          workspaceId,
          ticketId: ticket!.id,
          assigneeId: agent.auth.user.id,
        });
        expect(response.statusCode).toBe(200);
        expect(ticketSchema.parse(response.json())).toMatchObject({
          id: ticket!.id,
          assigneeId: agent.auth.user.id,
          status: 'open',
        });

        expectError(
          await send('PATCH', 'tickets', admin.auth, {
            workspaceId,
            ticketId: theirs!.id,
            assigneeId: null,
          }),
          404,
          'not-found',
          `Ticket ${theirs!.id} not found`,
        );
        expectError(
          await send('PATCH', 'tickets', admin.auth, {
            workspaceId,
            ticketId: ticket!.id,
            assigneeId: other.admin.auth.user.id,
          }),
          400,
          'invalid-argument',
          'The assignee is not a member of this workspace',
        );
        expectError(
          await send('PATCH', 'tickets', admin.auth, { workspaceId, ticketId: ticket!.id }),
          400,
          'invalid-argument',
          /body\.assigneeId/,
        );
        expectError(
          await send('PATCH', 'tickets', agent.auth, {
            workspaceId,
            ticketId: ticket!.id,
            assigneeId: null,
          }),
          403,
          'permission-denied',
        );
        expect((await ticketsOf(other.workspaceId))[0]).toEqual(theirs);
      });
    });

    describe('PATCH /api/user/resolve-tickets', () => {
      it('closes the picked open tickets and moves exactly them to closed', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const tickets = await seedTickets(workspaceId, ['open', 'open', 'closed', 'open']);
        const response = await send('PATCH', 'resolve-tickets', admin.auth, {
          workspaceId,
          ticketIds: [tickets[0]!.id, tickets[1]!.id, tickets[2]!.id],
        });
        expect(response.statusCode).toBe(200);
        // The closed one was already closed: it does not count.
        expect(ticketsChangedResponseSchema.parse(response.json())).toEqual({ changed: 2 });
        const after = await ticketsOf(workspaceId);
        expect(after.map((ticket) => ticket.status)).toEqual([
          'closed',
          'closed',
          'closed',
          'open',
        ]);
        // A ticket that did not change keeps its updatedAt.
        expect(after[2]!.updatedAt).toBe(tickets[2]!.updatedAt);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 3 });
        await expectExactStatistics(workspaceId);
      });

      it("ignores another workspace's ticket ids without revealing them", async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const [own] = await seedTickets(workspaceId, ['open']);
        const other = await adminWithWorkspace();
        const theirs = await seedTickets(other.workspaceId, ['open', 'open']);
        const response = await send('PATCH', 'resolve-tickets', admin.auth, {
          workspaceId,
          ticketIds: theirs.map((ticket) => ticket.id),
        });
        expect(ticketsChangedResponseSchema.parse(response.json())).toEqual({ changed: 0 });
        expect(await ticketsOf(other.workspaceId)).toEqual(theirs);
        expect(await statisticsOf(other.admin.auth, other.workspaceId)).toEqual({
          open: 2,
          closed: 0,
        });
        // Naming their workspace: not a member, not found.
        expectError(
          await send('PATCH', 'resolve-tickets', admin.auth, {
            workspaceId: other.workspaceId,
            ticketIds: theirs.map((ticket) => ticket.id),
          }),
          404,
          'not-found',
        );
        expect(await ticketsOf(workspaceId)).toEqual([own]);
      });

      it('refuses bad input and callers who are not admins', async () => {
        const {
          team: { admin, agent, workspaceId },
        } = await seedTeams(app);
        const [ticket] = await seedTickets(workspaceId, ['open']);
        const cases: [Record<string, unknown>, RegExp][] = [
          [{ workspaceId, ticketIds: [] }, /body\.ticketIds: Select at least one ticket/],
          [{ workspaceId, ticketIds: Array.from({ length: 501 }, (_, i) => `t${i}`) }, /ticketIds/],
          [{ workspaceId, ticketIds: [''] }, /body\.ticketIds\.0/],
          [{ workspaceId, ticketIds: ticket!.id }, /body\.ticketIds/],
          [{ ticketIds: [ticket!.id] }, /body\.workspaceId/],
        ];
        for (const [payload, message] of cases) {
          expectError(
            await send('PATCH', 'resolve-tickets', admin.auth, payload),
            400,
            'invalid-argument',
            message,
          );
        }
        expectError(
          await send('PATCH', 'resolve-tickets', agent.auth, {
            workspaceId,
            ticketIds: [ticket!.id],
          }),
          403,
          'permission-denied',
        );
        expectError(
          await send('PATCH', 'resolve-tickets', undefined, {
            workspaceId,
            ticketIds: [ticket!.id],
          }),
          401,
          'unauthenticated',
        );
        expect((await ticketsOf(workspaceId))[0]!.status).toBe('open');
      });
    });

    describe('PATCH /api/user/resolve-tickets-all', () => {
      it('closes every open ticket of the filter in one call, and only this workspace’s', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const tickets = await seedTickets(workspaceId, ['open', 'closed', 'open', 'open']);
        const other = await adminWithWorkspace();
        const theirs = await seedTickets(other.workspaceId, ['open']);

        const response = await send('PATCH', 'resolve-tickets-all', admin.auth, {
          workspaceId,
          where: { field: 'status', value: 'open' },
        });
        expect(ticketsChangedResponseSchema.parse(response.json())).toEqual({ changed: 3 });
        const after = await ticketsOf(workspaceId);
        expect(after.every((ticket) => ticket.status === 'closed')).toBe(true);
        // The one closed before is untouched.
        expect(after[1]).toEqual(tickets[1]);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 0, closed: 4 });
        expect(await ticketsOf(other.workspaceId)).toEqual(theirs);
        await expectExactStatistics(workspaceId);
        await expectExactStatistics(other.workspaceId);

        // Nothing left open: nothing changes, with or without a filter.
        for (const where of [undefined, { field: 'status', value: 'closed' }]) {
          const again = await send('PATCH', 'resolve-tickets-all', admin.auth, {
            workspaceId,
            ...(where ? { where } : {}),
          });
          expect(again.json()).toEqual({ changed: 0 });
        }
      });

      it('without a filter closes every ticket of the workspace', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        await seedTickets(workspaceId, ['open', 'closed', 'open']);
        const response = await send('PATCH', 'resolve-tickets-all', admin.auth, { workspaceId });
        expect(response.json()).toEqual({ changed: 2 });
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 0, closed: 3 });
        await expectExactStatistics(workspaceId);
      });

      it('refuses bad filters, strangers and agents', async () => {
        const {
          team: { admin, agent, workspaceId },
          stranger,
        } = await seedTeams(app);
        await seedTickets(workspaceId, ['open']);
        const cases: [Record<string, unknown>, RegExp][] = [
          [{ workspaceId, where: { field: 'type', value: 'open' } }, /body\.where\.field/],
          [{ workspaceId, where: { field: 'status', value: 'pending' } }, /body\.where\.value/],
          [{ workspaceId, where: { field: 'status' } }, /body\.where\.value/],
          [{ where: { field: 'status', value: 'open' } }, /body\.workspaceId/],
        ];
        for (const [payload, message] of cases) {
          expectError(
            await send('PATCH', 'resolve-tickets-all', admin.auth, payload),
            400,
            'invalid-argument',
            message,
          );
        }
        expectError(
          await send('PATCH', 'resolve-tickets-all', stranger.auth, { workspaceId }),
          404,
          'not-found',
        );
        expectError(
          await send('PATCH', 'resolve-tickets-all', agent.auth, { workspaceId }),
          403,
          'permission-denied',
        );
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 0 });
      });
    });

    describe('PATCH /api/user/follow-up-tickets', () => {
      it('marks the picked tickets, unmarks them, and ignores other workspaces', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const tickets = await seedTickets(workspaceId, ['open', 'closed', 'open']);
        const other = await adminWithWorkspace();
        const theirs = await seedTickets(other.workspaceId, ['open']);
        const ids = [tickets[0]!.id, tickets[1]!.id, theirs[0]!.id];

        const marked = await send('PATCH', 'follow-up-tickets', admin.auth, {
          workspaceId,
          ticketIds: ids,
        });
        expect(ticketsChangedResponseSchema.parse(marked.json())).toEqual({ changed: 2 });
        expect((await ticketsOf(workspaceId)).map((ticket) => ticket.isFollowedUp)).toEqual([
          true,
          true,
          false,
        ]);
        expect(await ticketsOf(other.workspaceId)).toEqual(theirs);
        // Marking again changes nothing; isFollowedUp false takes the mark off.
        expect(
          (
            await send('PATCH', 'follow-up-tickets', admin.auth, { workspaceId, ticketIds: ids })
          ).json(),
        ).toEqual({ changed: 0 });
        const unmarked = await send('PATCH', 'follow-up-tickets', admin.auth, {
          workspaceId,
          ticketIds: [tickets[0]!.id],
          isFollowedUp: false,
        });
        expect(unmarked.json()).toEqual({ changed: 1 });
        // Follow-up is not counted: the statistics are unchanged.
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 2, closed: 1 });

        expectError(
          await send('PATCH', 'follow-up-tickets', admin.auth, {
            workspaceId,
            ticketIds: [tickets[0]!.id],
            isFollowedUp: 'yes',
          }),
          400,
          'invalid-argument',
          /body\.isFollowedUp/,
        );
        expectError(
          await send('PATCH', 'follow-up-tickets', admin.auth, { workspaceId, ticketIds: [] }),
          400,
          'invalid-argument',
          /Select at least one ticket/,
        );
        expectError(
          await send('PATCH', 'follow-up-tickets', other.admin.auth, {
            workspaceId,
            ticketIds: [tickets[2]!.id],
          }),
          404,
          'not-found',
        );
      });
    });

    describe('PATCH /api/user/follow-up-tickets-all', () => {
      it("marks every ticket of the filter, only the workspace's", async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        await seedTickets(workspaceId, ['open', 'closed', 'closed']);
        const other = await adminWithWorkspace();
        const theirs = await seedTickets(other.workspaceId, ['closed']);

        const closedOnes = await send('PATCH', 'follow-up-tickets-all', admin.auth, {
          workspaceId,
          where: { field: 'status', value: 'closed' },
        });
        expect(ticketsChangedResponseSchema.parse(closedOnes.json())).toEqual({ changed: 2 });
        expect(
          (await ticketsOf(workspaceId)).map((ticket) => [ticket.status, ticket.isFollowedUp]),
        ).toEqual([
          ['open', false],
          ['closed', true],
          ['closed', true],
        ]);
        const all = await send('PATCH', 'follow-up-tickets-all', admin.auth, { workspaceId });
        expect(all.json()).toEqual({ changed: 1 });
        const none = await send('PATCH', 'follow-up-tickets-all', admin.auth, {
          workspaceId,
          isFollowedUp: false,
        });
        expect(none.json()).toEqual({ changed: 3 });
        expect(await ticketsOf(other.workspaceId)).toEqual(theirs);
        expect(await statisticsOf(admin.auth, workspaceId)).toEqual({ open: 1, closed: 2 });
        await expectExactStatistics(workspaceId);

        expectError(
          await send('PATCH', 'follow-up-tickets-all', admin.auth, {
            workspaceId,
            where: { field: 'status', value: 'resolved' },
          }),
          400,
          'invalid-argument',
          /body\.where\.value/,
        );
        expectError(
          await send('PATCH', 'follow-up-tickets-all', other.admin.auth, { workspaceId }),
          404,
          'not-found',
        );
      });
    });

    describe('live subscribers', () => {
      async function connect(auth: AuthResponse) {
        const client = await LiveTestClient.signedIn(app, auth.idToken);
        clients.push(client);
        return client;
      }

      it('see resolve-all take the open tickets out of the open list, and the counts move', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const tickets = await seedTickets(workspaceId, ['open', 'open', 'closed']);
        const client = await connect(admin.auth);
        const open = await client.subscribe('open', {
          collection: 'tickets',
          workspaceId,
          where: [{ field: 'status', op: '==', value: 'open' }],
          limit: 10,
        });
        expect(open.map((doc) => doc.id).sort()).toEqual([tickets[0]!.id, tickets[1]!.id].sort());
        await client.subscribe('stats', { collection: 'statistics', workspaceId });

        const response = await send('PATCH', 'resolve-tickets-all', admin.auth, {
          workspaceId,
          where: { field: 'status', value: 'open' },
        });
        expect(response.json()).toEqual({ changed: 2 });
        const { changes } = await client.nextChanges('open');
        expect(changes.map((change) => [change.type, change.doc.id]).sort()).toEqual(
          [
            ['removed', tickets[0]!.id],
            ['removed', tickets[1]!.id],
          ].sort(),
        );
        const stats = await client.nextChanges('stats');
        expect(stats.changes).toEqual([
          {
            type: 'modified',
            doc: expect.objectContaining({ tickets: { open: 0, closed: 3 } }),
          },
        ]);
      });

      it('see a ticket created and marked for follow-up move to the top', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const older = await seedTickets(workspaceId, ['open', 'open']);
        const client = await connect(admin.auth);
        const list = await client.subscribe('list', { collection: 'tickets', workspaceId });
        expect(list.map((doc) => doc.id).sort()).toEqual(older.map((ticket) => ticket.id).sort());

        const created = await send('POST', 'tickets', admin.auth, {
          type: 'internal',
          workspaceId,
          subject: 'Newest',
          recipientInfo: {},
          assigneeId: null,
        });
        const ticket = ticketSchema.parse(created.json());
        expect((await client.nextChanges('list')).changes).toEqual([
          { type: 'added', doc: ticket },
        ]);

        await send('PATCH', 'follow-up-tickets', admin.auth, {
          workspaceId,
          ticketIds: [older[0]!.id],
        });
        const { changes } = await client.nextChanges('list');
        expect(changes).toEqual([
          {
            type: 'modified',
            doc: expect.objectContaining({ id: older[0]!.id, isFollowedUp: true }),
          },
        ]);
      });
    });

    describe('paging the live tickets list', () => {
      async function connect(auth: AuthResponse) {
        const client = await LiveTestClient.signedIn(app, auth.idToken);
        clients.push(client);
        return client;
      }

      it('opens a page by offset, and steps to the next and previous pages by cursor', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const statuses = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'closed' : 'open'));
        const tickets = await seedTickets(workspaceId, statuses as ('open' | 'closed')[]);
        // Some followed up: they lead the list.
        await send('PATCH', 'follow-up-tickets', admin.auth, {
          workspaceId,
          ticketIds: [tickets[2]!.id, tickets[7]!.id],
        });
        const client = await connect(admin.auth);
        const full = await client.subscribe('all', { collection: 'tickets', workspaceId });
        expect(
          full
            .slice(0, 2)
            .map((doc) => doc.id)
            .sort(),
        ).toEqual([tickets[7]!.id, tickets[2]!.id].sort());
        expect(full).toHaveLength(12);

        const perPage = 4;
        const page2 = await client.subscribe('page', {
          collection: 'tickets',
          workspaceId,
          limit: perPage,
          offset: perPage,
        });
        expect(page2).toEqual(full.slice(4, 8));

        const cursor = (doc: LiveDoc) => [doc.isFollowedUp, doc.createdAt, doc.id] as string[];
        const next = await client.subscribe('page', {
          collection: 'tickets',
          workspaceId,
          limit: perPage,
          startAfter: cursor(page2[perPage - 1]!),
        });
        expect(next).toEqual(full.slice(8, 12));
        // Previous: the order reversed, after the page's first document; the client reverses it.
        const previous = await client.subscribe('page', {
          collection: 'tickets',
          workspaceId,
          limit: perPage,
          orderBy: [
            { field: 'isFollowedUp', direction: 'asc' },
            { field: 'createdAt', direction: 'asc' },
            { field: 'id', direction: 'desc' },
          ],
          startAfter: cursor(next[0]!),
        });
        expect([...previous].reverse()).toEqual(page2);

        // The same with the status filter: offset and cursors page the open tickets alone.
        const where = [{ field: 'status', op: '==' as const, value: 'open' }];
        const openOnes = full.filter((doc) => doc.status === 'open');
        const openPage2 = await client.subscribe('open', {
          collection: 'tickets',
          workspaceId,
          where,
          limit: 3,
          offset: 3,
        });
        expect(openPage2).toEqual(openOnes.slice(3, 6));
        const openNext = await client.subscribe('open', {
          collection: 'tickets',
          workspaceId,
          where,
          limit: 3,
          startAfter: cursor(openPage2[2]!),
        });
        expect(openNext).toEqual(openOnes.slice(6, 8));
      });

      it('refuses offset with startAfter, and offsets out of range', async () => {
        const { admin, workspaceId } = await adminWithWorkspace();
        const [ticket] = await seedTickets(workspaceId, ['open']);
        const client = await connect(admin.auth);
        expect(
          await client.subscribeRefused('both', {
            collection: 'tickets',
            workspaceId,
            offset: 10,
            startAfter: [false, ticket!.createdAt, ticket!.id],
          }),
        ).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('offset') });
        for (const offset of [-1, 100_001, 1.5]) {
          expect(
            await client.subscribeRefused('bad', { collection: 'tickets', workspaceId, offset }),
          ).toMatchObject({ code: 'invalid-argument' });
        }
      });
    });
  },
);

// A bulk call's change event names no ids (it may cover 100,000 tickets): it must still cross to
// the other instances. Two instances on one PostgreSQL database share a Redis channel; needs
// TEST_DATABASE_URL and TEST_REDIS_URL (the live Redis suite says when they are missing).
const redisUrl = process.env.TEST_REDIS_URL;
const describeRedis = redisUrl && testPostgresUrl ? describe : describe.skip;

describeRedis('resolve-all across two instances (Redis change feed)', () => {
  let apps: TestApp[] = [];
  let dropDatabase = async () => {};
  const clients: LiveTestClient[] = [];

  beforeAll(async () => {
    const { database, drop } = await createPostgresDatabase('parley_tickets_redis');
    dropDatabase = drop;
    const config = {
      database,
      live: { ...testConfig().live, redisUrl, redisChannelPrefix: `parley-test-${randomUUID()}:` },
    };
    apps.push(await buildTestApp(config));
    apps.push(await buildTestApp(config));
    await Promise.all(apps.map(listenForLive));
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await dropDatabase();
  });

  it("reaches the other instance's subscribers of the list and the statistics", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const { auth } = await signUp(a);
    const { workspaceId } = await createWorkspace(a, auth);
    const tickets = [
      await createTicket(a, buildInternalTicket(workspaceId)),
      await createTicket(a, buildInternalTicket(workspaceId)),
    ];
    const onB = await LiveTestClient.signedIn(b, auth.idToken);
    clients.push(onB);
    const open = await onB.subscribe('open', {
      collection: 'tickets',
      workspaceId,
      where: [{ field: 'status', op: '==', value: 'open' }],
    });
    expect(open).toHaveLength(2);
    await onB.subscribe('stats', { collection: 'statistics', workspaceId });

    const response = await a.inject({
      method: 'PATCH',
      url: '/api/user/resolve-tickets-all',
      headers: bearer(auth),
      payload: { workspaceId },
    });
    expect(response.json()).toEqual({ changed: 2 });
    const { changes } = await onB.nextChanges('open');
    expect(changes.map((change) => [change.type, change.doc.id]).sort()).toEqual(
      tickets.map((ticket) => ['removed', ticket.id]).sort(),
    );
    expect((await onB.nextChanges('stats')).changes).toEqual([
      { type: 'modified', doc: expect.objectContaining({ tickets: { open: 0, closed: 2 } }) },
    ]);
  });
});
