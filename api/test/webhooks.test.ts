import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuthResponse, LiveDoc } from 'shared-sdk';
import {
  createWebhookResponseSchema,
  maxWebhooksPerWorkspace,
  webhookDeliverySchema,
  webhooksSchema,
  type WebhookDelivery,
  type WebhookEventName,
} from 'shared-sdk/schemas';
import { verifyWebhook } from 'shared-sdk/webhook-signature';
import { parseAllowHosts } from '../src/outbound/address-check';
import { toWebhookDelivery } from '../src/repositories/webhook-deliveries';
import { startConversation } from './fixtures/conversation';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import {
  appStartTimeoutMs,
  buildTestApp,
  testPgliteDatabase,
  type TestApp,
} from './support/build-test-app';
import { eventually } from './support/eventually';
import { LiveTestClient, listenForLive } from './support/live-client';
import { WebhookReceiver } from './support/webhook-receiver';

jest.setTimeout(60_000);

/** Retry waits of 10, 30, 90, 200 and 300 ms instead of minutes. */
const retryBaseMs = 10;

type Auth = Pick<AuthResponse, 'idToken'>;

function caller(app: TestApp) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: Auth, input: object) =>
    app.inject({
      method,
      url:
        method === 'GET' ? `${url}?${new URLSearchParams(input as Record<string, string>)}` : url,
      headers: bearer(auth),
      ...(method === 'GET' ? {} : { payload: input }),
    });
}

async function deliveriesOf(app: TestApp, webhookId: string): Promise<WebhookDelivery[]> {
  const rows = await app.db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('webhookId', '=', webhookId)
    .orderBy('createdAt')
    .execute();
  return rows.map(toWebhookDelivery);
}

describe('outgoing webhooks', () => {
  let app: TestApp;
  let teams: Teams;
  let workspaceId: string;
  let admin: Auth;
  const receiver = new WebhookReceiver();
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    await receiver.start();
    app = await buildTestApp({
      outbound: { allowHosts: parseAllowHosts(`127.0.0.1:${receiver.port}`) },
      webhooks: { retryBaseMs },
    });
    call = caller(app);
    teams = await seedTeams(app);
    workspaceId = teams.team.workspaceId;
    admin = teams.team.admin.auth;
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await receiver.close();
  });

  /** A webhook of the workspace to the receiver's `path`, which answers `answers` in turn. */
  async function addWebhook(
    endpointPath: string,
    events: WebhookEventName[],
    answers: number[] = [200],
  ) {
    const response = await call('POST', '/api/user/webhooks', admin, {
      workspaceId,
      url: receiver.url(endpointPath),
      events,
    });
    expect(response.statusCode).toBe(201);
    const created = createWebhookResponseSchema.parse(response.json());
    receiver.endpoint(endpointPath, created.secret, answers);
    return created;
  }

  const removeWebhook = (webhookId: string) =>
    call('DELETE', '/api/user/webhooks', admin, { workspaceId, webhookId });

  const createProduct = (productId: string, fields: object = {}) =>
    call('POST', '/api/user/products', admin, {
      workspaceId,
      productId,
      sku: productId.toUpperCase(),
      name: `Lantern ${productId}`,
      description: '',
      price: 19.5,
      stock: 3,
      ...fields,
    });

  describe('the calls', () => {
    const badUrl = 'ftp://files.example/hook';

    it('refuses bad input with the field named, and more than the limit of webhooks', async () => {
      const create = (input: object) =>
        call('POST', '/api/user/webhooks', admin, {
          workspaceId,
          url: 'https://hooks.example/parley',
          events: ['ticket.created'],
          ...input,
        });
      const refusals = {
        url: await create({ url: badUrl }),
        unknownEvent: await create({ events: ['ticket.deleted'] }),
        noEvents: await create({ events: [] }),
        twice: await create({ events: ['ticket.created', 'ticket.created'] }),
      };
      for (const response of Object.values(refusals)) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('invalid-argument');
      }
      expect(refusals.url.json().error.message).toMatch(/body\.url: .*http:\/\/ or https:\/\//);
      expect(refusals.unknownEvent.json().error.message).toMatch(
        /body\.events\.0: Unknown event "ticket\.deleted"/,
      );
      expect(refusals.noEvents.json().error.message).toMatch(/body\.events: Choose at least one/);
      expect(refusals.twice.json().error.message).toMatch(/body\.events: Each event once/);

      const { id } = await addWebhook('/limit', ['ticket.created']);
      const patch = await call('PATCH', '/api/user/webhooks', admin, {
        workspaceId,
        webhookId: id,
        url: 'javascript:alert(1)',
      });
      expect(patch.statusCode).toBe(400);
      expect(patch.json().error.message).toMatch(/body\.url/);

      const ids = [id];
      for (let index = 1; index < maxWebhooksPerWorkspace; index += 1) {
        const response = await create({ url: `https://hooks.example/${index}` });
        expect(response.statusCode).toBe(201);
        ids.push(response.json().id);
      }
      const tooMany = await create({});
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.message).toBe(
        'A workspace has at most 10 webhooks: delete one to add another',
      );
      for (const webhookId of ids) expect((await removeWebhook(webhookId)).statusCode).toBe(204);
    });

    it("lets admins only in, and answers 404 for another workspace's webhook or delivery", async () => {
      const { id: webhookId } = await addWebhook('/guarded', ['ticket.created']);
      const test = await call('POST', '/api/user/webhooks-test', admin, { workspaceId, webhookId });
      expect(test.statusCode).toBe(200);
      const { deliveryId } = test.json();
      const calls = (ws: string) =>
        [
          ['GET', '/api/user/webhooks', { workspaceId: ws }],
          [
            'POST',
            '/api/user/webhooks',
            { workspaceId: ws, url: 'https://a.example/', events: ['ticket.created'] },
          ],
          ['PATCH', '/api/user/webhooks', { workspaceId: ws, webhookId, paused: true }],
          ['DELETE', '/api/user/webhooks', { workspaceId: ws, webhookId }],
          ['POST', '/api/user/webhooks-test', { workspaceId: ws, webhookId }],
          ['POST', '/api/user/webhook-deliveries-resend', { workspaceId: ws, deliveryId }],
        ] as const;
      const statuses = async (auth: Auth, ws: string) => {
        const answers: number[] = [];
        for (const [method, url, input] of calls(ws)) {
          answers.push((await call(method, url, auth, input)).statusCode);
        }
        return answers;
      };
      expect(await statuses(teams.team.agent.auth, workspaceId)).toEqual([
        403, 403, 403, 403, 403, 403,
      ]);
      expect(await statuses(teams.stranger.auth, workspaceId)).toEqual([
        404, 404, 404, 404, 404, 404,
      ]);
      // The other workspace's admin, in their own workspace, naming this one's webhook and delivery.
      const other = teams.otherTeam;
      expect(await statuses(other.admin.auth, other.workspaceId)).toEqual([
        200, 201, 404, 404, 404, 404,
      ]);
      const theirList = await call('GET', '/api/user/webhooks', other.admin.auth, {
        workspaceId: other.workspaceId,
      });
      expect(theirList.json()).toEqual([expect.objectContaining({ url: 'https://a.example/' })]);
      expect((await findWebhookState(webhookId)).paused).toBe(false);
      await removeWebhook(webhookId);
    });

    async function findWebhookState(webhookId: string) {
      const list = webhooksSchema.parse(
        (await call('GET', '/api/user/webhooks', admin, { workspaceId })).json(),
      );
      const webhook = list.find((candidate) => candidate.id === webhookId);
      if (!webhook) throw new Error(`webhook ${webhookId} is not listed`);
      return webhook;
    }

    it('shows the secret once: GET lists the state, never the secret', async () => {
      const { id, secret } = await addWebhook('/listed', ['product.created', 'ticket.created']);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const response = await call('GET', '/api/user/webhooks', admin, { workspaceId });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain('"secret"');
      const listed = webhooksSchema.parse(response.json()).find((webhook) => webhook.id === id);
      expect(listed).toEqual({
        id,
        workspaceId,
        url: receiver.url('/listed'),
        events: ['product.created', 'ticket.created'],
        paused: false,
        pausedReason: null,
        consecutiveFailures: 0,
        lastDeliveryStatus: null,
        lastDeliveryAt: null,
        lastResponseStatus: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const patched = await call('PATCH', '/api/user/webhooks', admin, {
        workspaceId,
        webhookId: id,
        events: ['ticket.created'],
        paused: true,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.body).not.toContain(secret);
      expect(patched.json()).toMatchObject({
        events: ['ticket.created'],
        paused: true,
        pausedReason: 'Paused by an admin',
      });
      await removeWebhook(id);
      const gone = await call('PATCH', '/api/user/webhooks', admin, {
        workspaceId,
        webhookId: id,
        paused: false,
      });
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('deliveries', () => {
    it('signs each try, retries a 500 with the same delivery id, then logs it delivered', async () => {
      const { id: webhookId, secret } = await addWebhook('/flaky', ['ticket.created'], [500, 200]);
      const created = await call('POST', '/api/user/tickets', admin, {
        type: 'internal',
        workspaceId,
        subject: 'The lantern arrived broken',
        recipientInfo: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@customer.example' },
        assigneeId: null,
      });
      expect(created.statusCode).toBe(201);
      const [delivery] = await eventually(
        () => deliveriesOf(app, webhookId),
        (found) => found[0]?.status === 'delivered',
        'the retried delivery to be delivered',
      );
      expect(delivery!.attempts).toEqual([
        expect.objectContaining({
          number: 1,
          status: 'pending-retry',
          responseStatus: 500,
          error: 'The receiver answered 500',
          manual: false,
        }),
        expect.objectContaining({
          number: 2,
          status: 'delivered',
          responseStatus: 200,
          error: null,
        }),
      ]);
      expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);

      const tries = receiver.at('/flaky');
      expect(tries.map((request) => request.answered)).toEqual([500, 200]);
      for (const request of tries) {
        expect(request.verified).toMatchObject({ ok: true, deliveryId: delivery!.id });
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['user-agent']).toMatch(/Parley/);
        expect(request.rawBody).toBe(delivery!.body);
      }
      expect(tries[0]!.payload).toEqual({
        id: delivery!.id,
        event: 'ticket.created',
        workspaceId,
        createdAt: expect.any(String),
        data: {
          ticket: expect.objectContaining({
            id: created.json().id,
            subject: 'The lantern arrived broken',
          }),
        },
      });

      // Replays: the first request sent again six minutes later, and the handled id again now.
      const first = tries[0]!;
      const later = Number(first.headers['x-parley-timestamp']) * 1000 + 6 * 60_000;
      expect(
        verifyWebhook({ secret, headers: first.headers, body: first.rawBody, now: later }),
      ).toMatchObject({
        ok: false,
        reason: 'stale-timestamp',
      });
      const handled = new Set([delivery!.id]);
      expect(
        verifyWebhook({
          secret,
          headers: tries[1]!.headers,
          body: tries[1]!.rawBody,
          seen: handled,
        }),
      ).toMatchObject({ ok: false, reason: 'duplicate' });

      const [webhook] = webhooksSchema
        .parse((await call('GET', '/api/user/webhooks', admin, { workspaceId })).json())
        .filter((candidate) => candidate.id === webhookId);
      expect(webhook).toMatchObject({
        lastDeliveryStatus: 'delivered',
        lastResponseStatus: 200,
        consecutiveFailures: 0,
      });
      await removeWebhook(webhookId);
    });

    it('shows the log live to admins only', async () => {
      const { id: webhookId } = await addWebhook('/live', ['product.created']);
      await listenForLive(app);
      const adminLive = await LiveTestClient.signedIn(app, teams.team.admin.auth.idToken);
      const agentLive = await LiveTestClient.signedIn(app, teams.team.agent.auth.idToken);
      try {
        const query = {
          collection: 'webhook_deliveries' as const,
          workspaceId,
          where: [{ field: 'webhookId', op: '==' as const, value: webhookId }],
        };
        expect(await adminLive.subscribe('log', query)).toEqual([]);
        for (const collection of ['webhook_deliveries', 'webhooks'] as const) {
          const refused = await agentLive.subscribeRefused(`agent-${collection}`, {
            collection,
            workspaceId,
          });
          expect(refused.code).toBe('permission-denied');
        }
        expect((await createProduct('live-1')).statusCode).toBe(201);
        let docs: LiveDoc[] = [];
        for (;;) {
          const { changes } = await adminLive.nextChanges('log');
          docs = changes.map((change) => change.doc);
          if (docs.some((doc) => doc.status === 'delivered')) break;
        }
        const delivered = webhookDeliverySchema.parse(
          docs.find((doc) => doc.status === 'delivered'),
        );
        expect(delivered).toMatchObject({ event: 'product.created', webhookId });
        expect(delivered.attempts).toEqual([
          expect.objectContaining({ status: 'delivered', responseStatus: 200 }),
        ]);
      } finally {
        await Promise.all([adminLive.close(), agentLive.close()]);
      }
      await removeWebhook(webhookId);
    });

    it('refuses a loopback receiver that is not allow-listed, saying why, never calling it', async () => {
      const response = await call('POST', '/api/user/webhooks', admin, {
        workspaceId,
        // localhost is not the allow-listed 127.0.0.1: the guard refuses the loopback address.
        url: `http://localhost:${receiver.port}/blocked`,
        events: ['product.created'],
      });
      const webhookId = response.json().id;
      expect((await createProduct('blocked-1')).statusCode).toBe(201);
      const [delivery] = await eventually(
        () => deliveriesOf(app, webhookId),
        (found) => found[0]?.status === 'failed',
        'the refused delivery to fail',
      );
      expect(delivery!.attempts).toHaveLength(6);
      expect(delivery!.attempts[0]).toMatchObject({
        status: 'pending-retry',
        responseStatus: null,
        error: expect.stringMatching(/^Refused to connect to localhost \(.+\): .*loopback/i),
      });
      expect(receiver.at('/blocked')).toEqual([]);
      await removeWebhook(webhookId);
    });

    it('tells of widget conversations and messages, tickets and products, one event per bulk write', async () => {
      const events: WebhookEventName[] = [
        'conversation.created',
        'conversation.pending',
        'conversation.resolved',
        'message.created',
        'ticket.resolved',
        'product.updated',
        'product.deleted',
      ];
      const { id: webhookId } = await addWebhook('/all', events);
      const { id: pausedId } = await addWebhook('/paused', events);
      expect(
        (
          await call('PATCH', '/api/user/webhooks', admin, {
            workspaceId,
            webhookId: pausedId,
            paused: true,
          })
        ).statusCode,
      ).toBe(200);

      // The bot knows nothing of lanterns: it asks for a person, and the conversation waits.
      const { conversationId } = await startConversation(
        app,
        workspaceId,
        'Is the lantern waterproof?',
      );
      const resolved = await call('POST', '/api/user/resolve-conversation', admin, {
        workspaceId,
        conversationId,
      });
      expect(resolved.statusCode).toBe(200);
      for (const id of ['bulk-1', 'bulk-2', 'bulk-3']) {
        expect((await createProduct(id, { status: 'disabled' })).statusCode).toBe(201);
      }
      const byStatus = await call('DELETE', '/api/user/products', admin, {
        workspaceId,
        where: { status: 'disabled' },
      });
      expect(byStatus.json()).toEqual({ deleted: 3 });
      expect((await createProduct('kept-1')).statusCode).toBe(201);
      const picked = await call('DELETE', '/api/user/products', admin, {
        workspaceId,
        productIds: ['kept-1', 'nope'],
      });
      expect(picked.json()).toEqual({ deleted: 1 });
      const ticket = await call('POST', '/api/user/tickets', admin, {
        type: 'external',
        workspaceId,
        conversationId,
        assigneeId: null,
      });
      const resolveAll = await call('PATCH', '/api/user/resolve-tickets-all', admin, {
        workspaceId,
      });
      expect(resolveAll.json().changed).toBeGreaterThanOrEqual(1);

      const received = await eventually(
        async () => receiver.at('/all').map((request) => request.payload),
        (payloads) => payloads.length >= 8,
        'the events to arrive',
      );
      const ofEvent = (event: string) =>
        received.filter((payload) => payload.event === event).map((payload) => payload.data);
      expect(ofEvent('conversation.created')).toEqual([
        { conversation: expect.objectContaining({ id: conversationId, status: 'open' }) },
      ]);
      const messages = ofEvent('message.created') as {
        conversationId: string;
        message: { role: string; content: string };
      }[];
      expect(messages.map(({ conversationId: id, message }) => [id, message.role])).toEqual([
        [conversationId, 'user'],
        [conversationId, 'bot'],
      ]);
      expect(messages[0]!.message.content).toBe('Is the lantern waterproof?');
      expect(ofEvent('conversation.pending')).toEqual([
        { conversation: expect.objectContaining({ id: conversationId, status: 'pending' }) },
      ]);
      expect(ofEvent('conversation.resolved')).toEqual([
        { conversation: expect.objectContaining({ id: conversationId, status: 'resolved' }) },
      ]);
      expect(ofEvent('product.deleted')).toEqual([
        { productIds: null, status: 'disabled', count: 3 },
        { productIds: ['kept-1'], status: null, count: 1 },
      ]);
      expect(ofEvent('ticket.resolved')).toEqual([
        { ticketIds: null, where: null, count: resolveAll.json().changed },
      ]);
      // Not subscribed: no product.created, no ticket.created.
      expect(ofEvent('product.created')).toEqual([]);
      expect(ofEvent('ticket.created')).toEqual([]);
      expect(ticket.statusCode).toBe(201);
      for (const request of receiver.at('/all')) expect(request.verified.ok).toBe(true);

      // The paused webhook got nothing, and has no delivery waiting.
      expect(receiver.at('/paused')).toEqual([]);
      expect(await deliveriesOf(app, pausedId)).toEqual([]);
      await Promise.all([removeWebhook(webhookId), removeWebhook(pausedId)]);
    });

    it('pauses a webhook after 3 deliveries in a row failed every try, saying why', async () => {
      const { id: webhookId } = await addWebhook('/down', ['product.updated'], [500]);
      expect((await createProduct('down-1')).statusCode).toBe(201);
      for (const stock of [1, 2, 3]) {
        const update = await call('PATCH', '/api/user/products', admin, {
          workspaceId,
          productId: 'down-1',
          sku: 'DOWN-1',
          name: 'Lantern',
          description: '',
          price: 19.5,
          stock,
        });
        expect(update.statusCode).toBe(200);
      }
      const listed = async () =>
        webhooksSchema
          .parse((await call('GET', '/api/user/webhooks', admin, { workspaceId })).json())
          .find((webhook) => webhook.id === webhookId)!;
      const paused = await eventually(listed, (webhook) => webhook.paused, 'the webhook to pause');
      expect(paused).toMatchObject({
        paused: true,
        pausedReason: 'Paused after 3 failed deliveries in a row; last answer: 500',
        consecutiveFailures: 3,
        lastDeliveryStatus: 'failed',
        lastResponseStatus: 500,
      });
      const deliveries = await deliveriesOf(app, webhookId);
      expect(deliveries.map((delivery) => [delivery.status, delivery.attempts.length])).toEqual([
        ['failed', 6],
        ['failed', 6],
        ['failed', 6],
      ]);
      expect(deliveries[0]!.attempts.map((attempt) => attempt.status)).toEqual([
        ...Array(5).fill('pending-retry'),
        'failed',
      ]);
      expect(receiver.at('/down')).toHaveLength(18);

      // Resumed by an admin: its failures are forgotten.
      const resumed = await call('PATCH', '/api/user/webhooks', admin, {
        workspaceId,
        webhookId,
        paused: false,
      });
      expect(resumed.json()).toMatchObject({
        paused: false,
        pausedReason: null,
        consecutiveFailures: 0,
      });
      await removeWebhook(webhookId);
    });

    it('sends a webhook.test event on demand, and resends a delivery with the same id', async () => {
      const { id: webhookId } = await addWebhook('/manual', ['ticket.created']);
      const test = await call('POST', '/api/user/webhooks-test', admin, { workspaceId, webhookId });
      const { deliveryId } = test.json();
      await eventually(
        async () => receiver.at('/manual'),
        (got) => got.length === 1,
        'the test event',
      );
      expect(receiver.at('/manual')[0]!.payload).toMatchObject({
        id: deliveryId,
        event: 'webhook.test',
        data: { webhookId },
      });
      const resend = await call('POST', '/api/user/webhook-deliveries-resend', admin, {
        workspaceId,
        deliveryId,
      });
      expect(resend.json()).toEqual({ deliveryId });
      const again = await eventually(
        async () => receiver.at('/manual'),
        (got) => got.length === 2,
        'the resend',
      );
      expect(again[1]!.headers['x-parley-delivery']).toBe(deliveryId);
      expect(again[1]!.rawBody).toBe(again[0]!.rawBody);
      expect(again[1]!.verified.ok).toBe(true);
      const [delivery] = await eventually(
        () => deliveriesOf(app, webhookId),
        (found) => found[0]?.attempts.length === 2,
        'the resend to be logged',
      );
      expect(
        delivery!.attempts.map((attempt) => [attempt.number, attempt.status, attempt.manual]),
      ).toEqual([
        [1, 'delivered', true],
        [2, 'delivered', true],
      ]);
      await removeWebhook(webhookId);
    });
  });
});

describe('webhook deliveries across a crash', () => {
  const receiver = new WebhookReceiver();
  let dataDir: string;

  beforeAll(async () => {
    await receiver.start();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-webhooks-'));
  });
  afterAll(async () => {
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers a change committed before the server went down once a server is back', async () => {
    const config = {
      database: { ...testPgliteDatabase(), dataDir: path.join(dataDir, 'pglite') },
      outbound: { allowHosts: parseAllowHosts(`127.0.0.1:${receiver.port}`) },
      webhooks: { retryBaseMs },
    };
    const first = await buildTestApp(config);
    let productId: string;
    try {
      // The server dies between the commit and the delivery: its job runner never runs again.
      await first.jobs.close();
      const { team } = await seedTeams(first);
      const created = await caller(first)('POST', '/api/user/webhooks', team.admin.auth, {
        workspaceId: team.workspaceId,
        url: receiver.url('/after-crash'),
        events: ['product.created'],
      });
      receiver.endpoint('/after-crash', created.json().secret);
      const product = await caller(first)('POST', '/api/user/products', team.admin.auth, {
        workspaceId: team.workspaceId,
        productId: 'crash-1',
        sku: 'CRASH-1',
        name: 'Lantern',
        description: '',
        price: 19.5,
        stock: 3,
      });
      expect(product.statusCode).toBe(201);
      productId = product.json().id;
      const [pending] = await deliveriesOf(first, created.json().id);
      expect(pending).toMatchObject({ status: 'pending', attempts: [] });
    } finally {
      await first.close();
    }
    expect(receiver.received).toEqual([]);

    const second = await buildTestApp(config);
    try {
      const [delivery] = await eventually(
        async () => receiver.at('/after-crash'),
        (got) => got.length === 1,
        'the delivery after the restart',
      );
      expect(delivery!.verified.ok).toBe(true);
      expect(delivery!.payload).toMatchObject({
        event: 'product.created',
        data: { product: { id: productId, sku: 'CRASH-1' } },
      });
    } finally {
      await second.close();
    }
  });
});
