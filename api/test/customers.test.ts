import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AuthResponse } from 'shared-sdk';
import {
  customerDetailsSchema,
  customerErasuresResponseSchema,
  customerExportSchema,
  customersResponseSchema,
  storedFileSchema,
} from 'shared-sdk/schemas';
import { findStatistics } from '../src/repositories/statistics';
import { checkStatistics } from '../src/services/statistics-check';
import { sendCustomerMessage } from './fixtures/conversation';
import { buildCustomerIdentity, startVisitorSession, visitorBearer } from './fixtures/customer';
import { seedTeams } from './fixtures/teams';
import { buildInternalTicket, createTicket } from './fixtures/ticket';
import { bearer } from './fixtures/user';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
  type TestApp,
} from './support/build-test-app';

jest.setTimeout(30_000);

function multipart(file: Buffer, filename: string) {
  const boundary = `----parley-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// Issue 44: the Customers page's calls.
describe.each(testBackends)('customer calls (/api/user/customer…) ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let admin: AuthResponse;
  let otherAdmin: AuthResponse;
  let workspaceId: string;
  let otherWorkspaceId: string;

  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_customers');
    dropDatabase = drop;
    app = await buildTestApp({ database });
    const teams = await seedTeams(app);
    ({ workspaceId } = teams.team);
    admin = teams.team.admin.auth;
    otherAdmin = teams.otherTeam.admin.auth;
    otherWorkspaceId = teams.otherTeam.workspaceId;
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload: Record<string, string>,
    auth: AuthResponse = admin,
  ) =>
    app.inject({
      method,
      url: method === 'GET' ? `${url}?${new URLSearchParams(payload).toString()}` : url,
      headers: bearer(auth),
      ...(method === 'GET' ? {} : { payload }),
    });
  const customerWith = async (firstName: string, lastName: string, message: string) => {
    const session = await startVisitorSession(app, workspaceId, {
      customer: buildCustomerIdentity({
        firstName,
        lastName,
        email: `${firstName.toLowerCase().replace(/\W/g, '')}@customer.example`,
      }),
    });
    const sent = await sendCustomerMessage(app, session, message);
    const { customerId } = await app.db
      .selectFrom('conversations')
      .select('customerId')
      .where('id', '=', sent.conversationId)
      .executeTakeFirstOrThrow();
    return { session, customerId, conversationId: sent.conversationId };
  };
  const details = async (customerId: string) => {
    const response = await call('GET', '/api/user/customer', { workspaceId, customerId });
    expect(response.statusCode).toBe(200);
    return customerDetailsSchema.parse(response.json());
  };
  const expectStatisticsExact = async () =>
    expect((await checkStatistics(app.db)).differences).toEqual([]);

  it('lists customers page by page, by last seen or by name, and filters by name', async () => {
    for (const name of ['Zoe', 'Yann', 'Xavier']) await customerWith(name, 'Paging', 'Hello');
    const list = async (query: Record<string, string>) => {
      const response = await call('GET', '/api/user/customers', { workspaceId, ...query });
      expect(response.statusCode).toBe(200);
      return customersResponseSchema.parse(response.json());
    };
    const bySeen = await list({ q: 'paging' });
    expect(bySeen.customers.map((c) => c.firstName)).toEqual(['Xavier', 'Yann', 'Zoe']);
    const byName = await list({ q: 'paging', sort: 'name' });
    expect(byName.customers.map((c) => c.firstName)).toEqual(['Xavier', 'Yann', 'Zoe']);
    expect(byName.nextCursor).toBeNull();

    // More than a page: the pages follow each other without a gap or a repeat.
    for (let i = 0; i < 26; i += 1) {
      await startVisitorSession(app, workspaceId, {
        customer: buildCustomerIdentity({ firstName: `Many${String(i).padStart(2, '0')}` }),
      });
    }
    const first = await list({ q: 'many', sort: 'name' });
    expect(first.customers).toHaveLength(25);
    const second = await list({ q: 'many', sort: 'name', cursor: first.nextCursor! });
    expect([...first.customers, ...second.customers].map((c) => c.firstName)).toEqual(
      Array.from({ length: 26 }, (_, i) => `Many${String(i).padStart(2, '0')}`),
    );
    expect(second.nextCursor).toBeNull();
    const seenFirst = await list({ q: 'many' });
    const seenSecond = await list({ q: 'many', cursor: seenFirst.nextCursor! });
    expect(new Set([...seenFirst.customers, ...seenSecond.customers].map((c) => c.id)).size).toBe(
      26,
    );
    const bad = await call('GET', '/api/user/customers', { workspaceId, cursor: 'not-a-cursor' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows a customer with conversations and tickets, and edits the details', async () => {
    const { customerId, conversationId } = await customerWith('Grace', 'Hopper', 'Hi there');
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/user/tickets',
      headers: bearer(admin),
      payload: { type: 'external', workspaceId, conversationId, assigneeId: null },
    });
    expect(ticket.statusCode).toBe(201);
    const shown = await details(customerId);
    expect(shown.customer).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(shown.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(shown.tickets.map((t) => t.id)).toEqual([ticket.json().id]);

    const edited = await call('PATCH', '/api/user/customers', {
      workspaceId,
      customerId,
      lastName: 'Brewster Hopper',
      email: 'grace@navy.example',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: 'grace@navy.example',
    });
    const badMail = await call('PATCH', '/api/user/customers', {
      workspaceId,
      customerId,
      email: 'not-an-address',
    });
    expect(badMail.statusCode).toBe(400);
    // Another workspace's admin: the customer does not exist for them.
    const theirs = await call(
      'GET',
      '/api/user/customer',
      { workspaceId: otherWorkspaceId, customerId },
      otherAdmin,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('merges a customer into another: their conversations all under one', async () => {
    const kept = await customerWith('Alan', 'Turing', 'First question');
    const merged = await customerWith('A.', 'Turing', 'Second question');
    await sendCustomerMessage(
      app,
      await startVisitorSession(app, workspaceId, { customer: buildCustomerIdentity() }),
      'unrelated',
    );
    const before = await findStatistics(app.db, workspaceId);
    const response = await call('POST', '/api/user/customers-merge', {
      workspaceId,
      customerId: kept.customerId,
      mergedCustomerId: merged.customerId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ movedConversations: 1 });
    expect((await details(kept.customerId)).conversations.map((c) => c.id).sort()).toEqual(
      [kept.conversationId, merged.conversationId].sort(),
    );
    const gone = await call('GET', '/api/user/customer', {
      workspaceId,
      customerId: merged.customerId,
    });
    expect(gone.statusCode).toBe(404);
    expect(await findStatistics(app.db, workspaceId)).toEqual(before);
    await expectStatisticsExact();

    const itself = await call('POST', '/api/user/customers-merge', {
      workspaceId,
      customerId: kept.customerId,
      mergedCustomerId: kept.customerId,
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toBe('A customer cannot be merged with itself');
    const theirSession = await startVisitorSession(app, otherWorkspaceId);
    await sendCustomerMessage(app, theirSession, 'Hello from elsewhere');
    const theirCustomer = await app.db
      .selectFrom('customers')
      .select('id')
      .where('workspaceId', '=', otherWorkspaceId)
      .executeTakeFirstOrThrow();
    const across = await call('POST', '/api/user/customers-merge', {
      workspaceId,
      customerId: kept.customerId,
      mergedCustomerId: theirCustomer.id,
    });
    expect(across.statusCode).toBe(404);
    const acrossTheirs = await call(
      'POST',
      '/api/user/customers-merge',
      {
        workspaceId: otherWorkspaceId,
        customerId: theirCustomer.id,
        mergedCustomerId: kept.customerId,
      },
      otherAdmin,
    );
    expect(acrossTheirs.statusCode).toBe(404);
    expect((await details(kept.customerId)).conversations).toHaveLength(2);
  });

  it('exports a customer’s data as JSON', async () => {
    const { customerId, conversationId } = await customerWith('Ada', 'Export', 'Order 77 late');
    const response = await call('GET', '/api/user/customer-export', { workspaceId, customerId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`customer-${customerId}.json`);
    const data = customerExportSchema.parse(response.json());
    expect(data.customer.lastName).toBe('Export');
    expect(data.conversations.map((c) => c.id)).toEqual([conversationId]);
    expect(data.conversations[0]!.messages[0]).toMatchObject({
      role: 'user',
      content: 'Order 77 late',
    });
  });

  it('erases a customer: messages, files and notes go, tickets and statistics stay exact', async () => {
    const { session, customerId, conversationId } = await customerWith(
      'Erin',
      'Erasure',
      'My address is 12 Secret Lane',
    );
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256)]);
    const body = multipart(pdf, 'passport.pdf');
    const upload = await app.inject({
      method: 'POST',
      url: '/api/widget/attachments',
      headers: { ...body.headers, ...visitorBearer(session) },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    const stored = storedFileSchema.parse(upload.json());
    const withFile = await app.inject({
      method: 'POST',
      url: '/api/widget/messages',
      headers: visitorBearer(session),
      payload: { content: 'Here is my passport', attachments: [{ path: stored.path }] },
    });
    expect(withFile.statusCode).toBe(201);
    await app.conversationBot.idle();
    const file = path.join(app.config.dataDir, 'storage', stored.path);
    expect(existsSync(file)).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/api/user/notes',
      headers: bearer(admin),
      payload: { workspaceId, conversationId, content: 'Erin lives on Secret Lane' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/user/resolve-conversation',
      headers: bearer(admin),
      payload: { workspaceId, conversationId },
    });
    const rated = await app.inject({
      method: 'POST',
      url: '/api/widget/rating',
      headers: visitorBearer(session),
      payload: { rating: 4, comment: 'Erin was happy' },
    });
    expect(rated.statusCode).toBe(200);
    const ticket = await app.inject({
      method: 'POST',
      url: '/api/user/tickets',
      headers: bearer(admin),
      payload: { type: 'external', workspaceId, conversationId, assigneeId: null },
    });
    await createTicket(app, buildInternalTicket(workspaceId));
    const before = await findStatistics(app.db, workspaceId);

    const response = await call('POST', '/api/user/customers-erase', { workspaceId, customerId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ erasedFiles: 1, erasedNotes: 1 });
    expect(response.json().erasedMessages).toBeGreaterThanOrEqual(2);

    const left = async (table: 'messages' | 'conversationNotes') =>
      app.db.selectFrom(table).select('id').where('conversationId', '=', conversationId).execute();
    expect(await left('messages')).toEqual([]);
    expect(await left('conversationNotes')).toEqual([]);
    expect(
      await app.db
        .selectFrom('storedFiles')
        .select('path')
        .where('path', '=', stored.path)
        .execute(),
    ).toEqual([]);
    expect(existsSync(file)).toBe(false);
    const everything = JSON.stringify(
      await Promise.all([
        app.db.selectFrom('customers').selectAll().where('id', '=', customerId).execute(),
        app.db.selectFrom('conversations').selectAll().where('id', '=', conversationId).execute(),
      ]),
    );
    for (const personal of ['Erin', 'Erasure', 'Secret Lane', 'erin@customer', 'passport']) {
      expect(everything).not.toContain(personal);
    }
    // The ticket and the counters stay: the conversation still counts, with its rating.
    const kept = await details(customerId);
    expect(kept.customer).toMatchObject({ firstName: '', lastName: '', email: null });
    expect(kept.customer.erasedAt).not.toBeNull();
    expect(kept.tickets.map((t) => t.id)).toEqual([ticket.json().id]);
    expect(kept.conversations[0]).toMatchObject({ rating: 4, ratingComment: null });
    expect(await findStatistics(app.db, workspaceId)).toEqual(before);
    await expectStatisticsExact();
    // The widget's old token no longer reaches anything.
    const widget = await app.inject({
      method: 'GET',
      url: '/api/widget/messages',
      headers: visitorBearer(session),
    });
    expect(widget.statusCode).toBe(401);

    const audit = await call('GET', '/api/user/customer-erasures', { workspaceId });
    const { erasures } = customerErasuresResponseSchema.parse(audit.json());
    expect(erasures[0]).toMatchObject({
      customerId,
      erasedBy: admin.user.id,
      erasedByEmail: admin.user.email,
      filesCount: 1,
    });
    const again = await call('POST', '/api/user/customers-erase', { workspaceId, customerId });
    expect(again.statusCode).toBe(409);
    const listed = await call('GET', '/api/user/customers', { workspaceId, q: 'Erin' });
    expect(listed.json().customers).toEqual([]);
  });
});
