import type { AuthResponse } from 'shared-sdk';
import { messageSchema, statisticsSchema } from 'shared-sdk/schemas';
import { createWebhook } from '../src/services/webhooks';
import { writeTransaction } from '../src/live/write-transaction';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { PairSuggestion, ProductCard, SourceLink } from 'shared-sdk/schemas';
import type { Database } from '../src/db/schema';
import { appendMessages, appendStatement } from '../src/repositories/message-appends';
import { findStatistics } from '../src/repositories/statistics';
import { buildAiTrainingQnaRequest, createAiTrainingQna } from './fixtures/ai-training-qna';
import { sendCustomerMessage, startConversation } from './fixtures/conversation';
import { buildAgentMessage } from './fixtures/message';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import {
  appStartTimeoutMs,
  backendDatabase,
  buildTestApp,
  testBackends,
} from './support/build-test-app';
import type { TestApp } from './support/build-test-app';
import { planAfter } from './support/query-plan';
import { transactionsDuring } from './support/transactions';

// An agent's reply in a conversation they have taken over already, a customer's message in their
// conversation under way and the bot's reply are stored by the statement that locks the
// conversation (appendMessages, with the condition each needs); any other goes the general way
// (lock, take over or start a conversation, store). Both must leave the conversation as the other
// would.

const appendAgentReplies = (
  trx: Kysely<Database>,
  replies: {
    workspaceId: string;
    conversationId: string;
    agentId: string;
    content: string;
    form?: Record<string, string>;
    clientId?: string;
  }[],
  now: Date,
) =>
  appendMessages(
    trx,
    replies.map(({ workspaceId, conversationId, agentId, ...message }) => ({
      to: { conversationId, workspaceId },
      when: 'agent-in-it' as const,
      message: { role: 'agent' as const, senderId: agentId, ...message },
    })),
    now,
  );

const appendCustomerMessages = (
  trx: Kysely<Database>,
  messages: { customerId: string; content: string; clientId?: string }[],
  now: Date,
) =>
  appendMessages(
    trx,
    messages.map(({ customerId, ...message }) => ({
      to: { customerId },
      when: 'under-way' as const,
      message: { role: 'user' as const, senderId: customerId, ...message },
    })),
    now,
  );

const appendBotReplies = (
  trx: Kysely<Database>,
  replies: {
    conversationId: string;
    content: string;
    productCard?: ProductCard;
    sourceLink?: SourceLink;
    suggestions?: PairSuggestion[];
  }[],
  now: Date,
) =>
  appendMessages(
    trx,
    replies.map(({ conversationId, ...message }) => ({
      to: { conversationId },
      when: 'bot-may-answer' as const,
      message: { role: 'bot' as const, senderId: null, ...message },
    })),
    now,
  );

describe.each(testBackends)('messages appended in one statement ($backend)', (backend) => {
  let app: TestApp;
  let dropDatabase = async () => {};
  let admin: AuthResponse;
  let workspaceId: string;
  beforeAll(async () => {
    const { database, drop } = await backendDatabase(backend, 'parley_appends');
    dropDatabase = drop;
    app = await buildTestApp({ database });
    // No job runs here; stopped, its runner's transactions are not counted (transactionsDuring).
    await app.jobs.close();
    admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app?.close();
    await dropDatabase();
  });

  const reply = (conversationId: string, overrides: { content?: string; clientId?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: buildAgentMessage(workspaceId, conversationId, overrides),
    });
  const resolve = async (conversationId: string) => {
    const resolved = await app.inject({
      method: 'POST',
      url: '/api/user/resolve-conversation',
      headers: bearer(admin),
      payload: { workspaceId, conversationId },
    });
    expect(resolved.statusCode).toBe(200);
  };
  const conversationRow = (id: string) =>
    app.db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const messagesOf = (conversationId: string) =>
    app.db
      .selectFrom('messages')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .orderBy('timestamp')
      .orderBy('id')
      .execute();
  /** A conversation the admin has taken over by replying once. */
  const takenOver = async () => {
    const { conversationId } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    expect((await reply(conversationId, { content: 'Taking a look.' })).statusCode).toBe(201);
    return conversationId;
  };
  const append = async (
    conversationId: string,
    call: { agentId?: string; workspaceId?: string } = {},
  ) =>
    (
      await writeTransaction(app.db, (trx) =>
        appendAgentReplies(
          trx,
          [
            {
              workspaceId: call.workspaceId ?? workspaceId,
              conversationId,
              agentId: call.agentId ?? admin.user.id,
              content: 'Found it: it ships today.',
            },
          ],
          new Date(),
        ),
      )
    )[0]?.row;

  it('stores a reply in a conversation the agent has taken over, a millisecond after the last', async () => {
    const conversationId = await takenOver();
    const before = await conversationRow(conversationId);

    const row = await append(conversationId);

    expect(row).toMatchObject({ role: 'agent', senderId: admin.user.id, attachments: [] });
    const after = await conversationRow(conversationId);
    expect(after.messagesCount).toBe(before.messagesCount + 1);
    expect(after.lastMessage).toEqual({
      role: 'agent',
      content: 'Found it: it ships today.',
      timestamp: row!.timestamp.toISOString(),
    });
    expect(after.status).toBe('open');
    const stored = await messagesOf(conversationId);
    expect(stored.at(-1)!.id).toBe(row!.id);
    expect(row!.timestamp.getTime()).toBeGreaterThanOrEqual(stored.at(-2)!.timestamp.getTime() + 1);
    expect(stored).toHaveLength(after.messagesCount);
  });

  it('leaves a conversation not open, not taken over by the agent, or of another workspace to the general way', async () => {
    const notTakenOver = (await startConversation(app, workspaceId)).conversationId;
    const resolved = await takenOver();
    await resolve(resolved);
    const open = await takenOver();
    const { workspaceId: otherWorkspace } = await createWorkspace(app, admin);
    await app.conversationBot.idle();
    const counts = async () =>
      Promise.all([notTakenOver, resolved, open].map(async (id) => (await messagesOf(id)).length));
    const before = await counts();

    expect(await append(notTakenOver)).toBeUndefined();
    expect(await append(resolved)).toBeUndefined();
    expect(await append(open, { agentId: 'someone-else' })).toBeUndefined();
    expect(await append(open, { workspaceId: otherWorkspace })).toBeUndefined();
    expect(await counts()).toEqual(before);

    // The general way takes the first two over, and reopens the resolved one.
    for (const conversationId of [notTakenOver, resolved]) {
      expect((await reply(conversationId)).statusCode).toBe(201);
      const row = await conversationRow(conversationId);
      expect(row.status).toBe('open');
      expect(row.agentIds).toEqual([admin.user.id]);
    }
  });

  it('stores replies to several conversations in one statement, each only where its agent has taken it over', async () => {
    const [first, second] = [await takenOver(), await takenOver()];
    const notTakenOver = (await startConversation(app, workspaceId)).conversationId;
    await app.conversationBot.idle();
    const before = await Promise.all([first, notTakenOver, second].map(conversationRow));

    const appended = await writeTransaction(app.db, (trx) =>
      appendAgentReplies(
        trx,
        [first, notTakenOver, second].map((conversationId, index) => ({
          workspaceId,
          conversationId,
          agentId: admin.user.id,
          content: `Reply ${index}`,
          form: index === 2 ? { orderNumber: 'A-1001' } : undefined,
        })),
        new Date(),
      ),
    );

    expect(appended.map((each) => each?.row.content)).toEqual(['Reply 0', undefined, 'Reply 2']);
    expect(appended[2]?.row).toMatchObject({
      conversationId: second,
      role: 'agent',
      senderId: admin.user.id,
      form: { orderNumber: 'A-1001' },
    });
    expect(appended[0]?.row.form).toBeNull();
    for (const index of [0, 2]) {
      expect(await conversationRow(before[index]!.id)).toMatchObject({
        messagesCount: before[index]!.messagesCount + 1,
        lastMessage: { role: 'agent', content: `Reply ${index}` },
      });
    }
    expect(await conversationRow(notTakenOver)).toEqual(before[1]);
  });

  it('stores each of many replies sent at once, also several to one conversation', async () => {
    const conversations = [await takenOver(), await takenOver(), await takenOver()];
    const before = await Promise.all(
      conversations.map(async (id) => (await messagesOf(id)).length),
    );
    const sends = conversations.flatMap((conversationId) =>
      [0, 1, 2].map((turn) => ({ conversationId, content: `Turn ${turn}` })),
    );

    const responses = await Promise.all(
      sends.map(({ conversationId, content }) => reply(conversationId, { content })),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(sends.map(() => 201));
    for (const [index, conversationId] of conversations.entries()) {
      const stored = await messagesOf(conversationId);
      // Sent at once, they are stored in the order they reach the database.
      expect(
        stored
          .slice(before[index])
          .map((message) => message.content)
          .sort(),
      ).toEqual(['Turn 0', 'Turn 1', 'Turn 2']);
      expect((await conversationRow(conversationId)).messagesCount).toBe(stored.length);
    }
  });

  it('answers a retried reply with the first, stored once, also when the retries arrive together', async () => {
    const conversationId = await takenOver();
    const first = await reply(conversationId, { clientId: 'agent-retry-0001' });
    const retried = await reply(conversationId, { clientId: 'agent-retry-0001' });
    const together = await Promise.all(
      [1, 2, 3].map(() => reply(conversationId, { clientId: 'agent-retry-0002' })),
    );

    expect([first, retried, ...together].map((response) => response.statusCode)).toEqual([
      201, 201, 201, 201, 201,
    ]);
    expect(messageSchema.parse(retried.json())).toEqual(messageSchema.parse(first.json()));
    const [one, ...others] = together.map((response) => messageSchema.parse(response.json()));
    expect(others).toEqual([one, one]);
    const stored = await messagesOf(conversationId);
    expect(stored.filter((message) => message.clientId === 'agent-retry-0001')).toHaveLength(1);
    expect(stored.filter((message) => message.clientId === 'agent-retry-0002')).toHaveLength(1);
    expect((await conversationRow(conversationId)).messagesCount).toBe(stored.length);
  });

  const appendAsCustomer = async (customer: { id: string; workspaceId: string }) =>
    (
      await writeTransaction(app.db, (trx) =>
        appendCustomerMessages(
          trx,
          [{ customerId: customer.id, content: 'Any news?' }],
          new Date(),
        ),
      )
    )[0];
  const customerOf = async (conversationId: string) => {
    const { customerId } = await conversationRow(conversationId);
    return { id: customerId, workspaceId };
  };

  it("stores a customer's message in their conversation under way, and says who may answer it", async () => {
    const { conversationId } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    const customer = await customerOf(conversationId);
    const before = await conversationRow(conversationId);

    const appended = await appendAsCustomer(customer);

    expect(appended?.row).toMatchObject({ role: 'user', senderId: customer.id, conversationId });
    expect(appended?.conversation).toMatchObject({
      status: before.status,
      agentIds: before.agentIds,
    });
    const after = await conversationRow(conversationId);
    expect(after.messagesCount).toBe(before.messagesCount + 1);
    expect(after.lastCustomerMessageAt!.getTime()).toBeGreaterThan(
      before.lastCustomerMessageAt!.getTime(),
    );
    expect(after.lastMessage).toMatchObject({ role: 'user', content: 'Any news?' });
    const stored = await messagesOf(conversationId);
    expect(stored.at(-1)!.id).toBe(appended!.row.id);
    expect(appended!.row.timestamp.getTime()).toBeGreaterThanOrEqual(
      stored.at(-2)!.timestamp.getTime() + 1,
    );

    // Taken over: the agents answer, not the bot.
    expect((await reply(conversationId)).statusCode).toBe(201);
    expect((await appendAsCustomer(customer))?.conversation).toMatchObject({
      status: 'open',
      agentIds: [admin.user.id],
    });
  });

  it("leaves a customer's resolved conversation to the general way, which starts a new one", async () => {
    const { conversationId } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    const customer = await customerOf(conversationId);
    await resolve(conversationId);
    const count = (await messagesOf(conversationId)).length;

    expect(await appendAsCustomer(customer)).toBeUndefined();
    expect(await messagesOf(conversationId)).toHaveLength(count);
  });

  it("stores several customers' messages in one statement, each in the customer's conversation under way", async () => {
    const [first, resolved, second] = await Promise.all(
      [0, 1, 2].map(async () => (await startConversation(app, workspaceId)).conversationId),
    );
    await app.conversationBot.idle();
    await resolve(resolved!);
    const customers = await Promise.all([first!, resolved!, second!].map(customerOf));
    const before = await Promise.all([first!, resolved!, second!].map(conversationRow));

    const appended = await writeTransaction(app.db, (trx) =>
      appendCustomerMessages(
        trx,
        customers.map((customer, index) => ({
          customerId: customer.id,
          content: `Message ${index}`,
          clientId: `batch-${customer.id}`,
        })),
        new Date(),
      ),
    );

    expect(appended.map((each) => each?.row.content)).toEqual([
      'Message 0',
      undefined,
      'Message 2',
    ]);
    for (const index of [0, 2]) {
      const conversationId = before[index]!.id;
      expect(appended[index]?.row).toMatchObject({
        conversationId,
        role: 'user',
        senderId: customers[index]!.id,
        clientId: `batch-${customers[index]!.id}`,
      });
      expect(await conversationRow(conversationId)).toMatchObject({
        messagesCount: before[index]!.messagesCount + 1,
        lastMessage: { role: 'user', content: `Message ${index}` },
      });
    }
    // Resolved: left to the general way, which starts a new conversation.
    expect(await conversationRow(resolved!)).toEqual(before[1]);
  });

  const appendAsBot = async (conversationId: string) =>
    (
      await writeTransaction(app.db, (trx) =>
        appendBotReplies(
          trx,
          [
            {
              conversationId,
              content: 'Did you mean one of these?',
              suggestions: [{ pairId: 'pair-1', question: 'Where is my order?' }],
            },
          ],
          new Date(),
        ),
      )
    )[0];

  it("stores the bot's reply from the conversation's chatbot while no agent has taken it over", async () => {
    // Greeted back: the conversation stays open to the bot.
    const { conversationId } = await startConversation(app, workspaceId, 'Hello');
    await app.conversationBot.idle();
    const before = await conversationRow(conversationId);
    expect(before).toMatchObject({ status: 'open', agentIds: [] });

    const appended = await appendAsBot(conversationId);

    expect(appended?.row).toMatchObject({
      role: 'bot',
      senderId: before.chatbotId,
      suggestions: [{ pairId: 'pair-1', question: 'Where is my order?' }],
    });
    expect(appended?.conversation).toMatchObject({
      id: conversationId,
      workspaceId,
      messagesCount: before.messagesCount + 1,
      botAnsweredAt: before.botAnsweredAt,
    });
    // The customer's last message time is theirs, not the bot's.
    expect((await conversationRow(conversationId)).lastCustomerMessageAt).toEqual(
      before.lastCustomerMessageAt,
    );

    // Taken over meanwhile: the bot stays silent.
    expect((await reply(conversationId)).statusCode).toBe(201);
    const count = (await messagesOf(conversationId)).length;
    expect(await appendAsBot(conversationId)).toBeUndefined();
    expect(await messagesOf(conversationId)).toHaveLength(count);

    // Handed over (waiting for a person): silent too.
    const handedOver = (await startConversation(app, workspaceId)).conversationId;
    await app.conversationBot.idle();
    expect((await conversationRow(handedOver)).status).toBe('pending');
    expect(await appendAsBot(handedOver)).toBeUndefined();
  });

  it("stores the bot's replies to several conversations in one statement, each only where the bot may speak", async () => {
    const [first, second, taken] = await Promise.all(
      ['Hello', 'Hi', 'Good morning'].map(
        async (greeting) => (await startConversation(app, workspaceId, greeting)).conversationId,
      ),
    );
    await app.conversationBot.idle();
    expect((await reply(taken!)).statusCode).toBe(201);
    const before = await Promise.all([first!, second!, taken!].map(conversationRow));
    const sourceLink = { url: 'https://shop.example/returns', title: 'Returns' };

    const appended = await writeTransaction(app.db, (trx) =>
      appendBotReplies(
        trx,
        [
          { conversationId: first!, content: 'First answer' },
          { conversationId: taken!, content: 'Not for an agent’s conversation' },
          { conversationId: second!, content: 'Second answer', sourceLink },
        ],
        new Date(),
      ),
    );

    expect(appended.map((each) => each?.row.content)).toEqual([
      'First answer',
      undefined,
      'Second answer',
    ]);
    for (const [index, id] of [first!, second!].entries()) {
      const stored = (await messagesOf(id)).at(-1)!;
      expect(stored).toMatchObject({
        role: 'bot',
        senderId: before[index]!.chatbotId,
        content: index === 0 ? 'First answer' : 'Second answer',
        sourceLink: index === 0 ? null : sourceLink,
        productCard: null,
        suggestions: null,
      });
      expect(stored.timestamp.getTime()).toBeGreaterThan(
        Date.parse(before[index]!.lastMessage!.timestamp),
      );
      expect(await conversationRow(id)).toMatchObject({
        messagesCount: before[index]!.messagesCount + 1,
        lastMessage: { role: 'bot', content: stored.content },
        lastCustomerMessageAt: before[index]!.lastCustomerMessageAt,
      });
    }
    expect(await conversationRow(taken!)).toEqual(before[2]);
  });

  it('stores messages of every role, each in its own conversation, in one statement', async () => {
    const agents = await takenOver();
    const { conversationId: bots } = await startConversation(app, workspaceId, 'Hello');
    const { conversationId: customers } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    const customer = await customerOf(customers);
    const before = await Promise.all([agents, bots, customers].map(conversationRow));

    const appended = await writeTransaction(app.db, (trx) =>
      appendMessages(
        trx,
        [
          {
            to: { conversationId: agents, workspaceId },
            when: 'agent-in-it',
            message: { role: 'agent', senderId: admin.user.id, content: 'From the agent' },
          },
          {
            to: { conversationId: bots },
            when: 'bot-may-answer',
            message: { role: 'bot', senderId: null, content: 'From the bot' },
          },
          {
            to: { customerId: customer.id },
            when: 'under-way',
            message: { role: 'user', senderId: customer.id, content: 'From the customer' },
          },
        ],
        new Date(),
      ),
    );

    expect(appended.map((each) => each?.row.role)).toEqual(['agent', 'bot', 'user']);
    expect(appended.map((each) => each?.conversation.id)).toEqual([agents, bots, customers]);
    for (const [index, id] of [agents, bots, customers].entries()) {
      expect(await conversationRow(id)).toMatchObject({
        messagesCount: before[index]!.messagesCount + 1,
        lastMessage: { content: appended[index]!.row.content },
      });
    }
    expect(appended[1]!.row.senderId).toBe(before[1]!.chatbotId);
  });

  it('stores a message under the id its caller drew, with what it carries as a mail', async () => {
    const { conversationId } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    const customer = await customerOf(conversationId);
    const email = {
      messageId: 'order-1234@example.org',
      from: 'Grace <grace@example.org>',
      to: 'support@example.org',
      subject: 'Order 1234',
      html: null,
      authFailure: null,
      automatic: null,
      delivery: null,
    };

    const [appended] = await writeTransaction(app.db, (trx) =>
      appendMessages(
        trx,
        [
          {
            id: 'drawn-by-the-caller-01',
            to: { conversationId },
            when: 'any',
            message: { role: 'user', senderId: customer.id, content: 'Where is it?', email },
          },
        ],
        new Date(),
      ),
    );

    expect(appended!.row).toMatchObject({ id: 'drawn-by-the-caller-01', email });
    expect((await messagesOf(conversationId)).at(-1)).toMatchObject({
      id: 'drawn-by-the-caller-01',
      email,
    });
  });

  /** What the workspace's message.created deliveries send, oldest first. */
  const deliveriesOf = async (workspace: string) =>
    (
      await app.db
        .selectFrom('webhookDeliveries')
        .select('body')
        .where('workspaceId', '=', workspace)
        .where('event', '=', 'message.created')
        .orderBy('createdAt')
        .execute()
    ).map(({ body }) => (JSON.parse(body) as { data: unknown }).data);

  it('stores a reply and a customer message under way by their statement alone, with no transaction, when no webhook waits for messages', async () => {
    const conversationId = await takenOver();
    const { session } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();

    expect(await transactionsDuring(app.db, () => reply(conversationId))).toBe(0);
    // Waiting for a person (the bot did not know): the bot does not answer it either.
    expect(
      await transactionsDuring(app.db, () => sendCustomerMessage(app, session, 'Any news?')),
    ).toBe(0);
    expect(await deliveriesOf(workspaceId)).toEqual([]);
    // The general way is a transaction: a conversation not taken over yet.
    const { conversationId: fresh } = await startConversation(app, workspaceId);
    await app.conversationBot.idle();
    expect(await transactionsDuring(app.db, () => reply(fresh))).toBe(1);
  });

  it('queues the delivery of a webhook waiting for messages in the transaction that stores the message', async () => {
    const { workspaceId: hooked } = await createWorkspace(app, admin);
    await writeTransaction(app.db, (trx) =>
      createWebhook(
        trx,
        {
          workspaceId: hooked,
          url: 'https://hooks.example.com/parley',
          events: ['message.created'],
        },
        new Date(),
      ),
    );
    const { session, conversationId } = await startConversation(app, hooked, 'Hello');
    const taken = await app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: buildAgentMessage(hooked, conversationId, { content: 'Taking a look.' }),
    });
    expect(taken.statusCode).toBe(201);
    const before = (await deliveriesOf(hooked)).length;

    const response = await app.inject({
      method: 'POST',
      url: '/api/user/messages',
      headers: bearer(admin),
      payload: buildAgentMessage(hooked, conversationId, { content: 'It ships today.' }),
    });
    const sent = messageSchema.parse(response.json());
    const asked = await sendCustomerMessage(app, session, 'Thank you!');

    const deliveries = await deliveriesOf(hooked);
    expect(deliveries).toHaveLength(before + 2);
    expect(deliveries.slice(before)).toEqual([
      { conversationId, message: sent },
      { conversationId, message: asked },
    ]);
  });

  it("stores the bot's first answer of the training with the count of conversations it answered, and its later answers alone", async () => {
    const { workspaceId: taught } = await createWorkspace(app, admin);
    await createAiTrainingQna(app, admin, buildAiTrainingQnaRequest(taught));
    const question = buildAiTrainingQnaRequest(taught).question;
    const botAnswered = async () =>
      statisticsSchema.parse(await findStatistics(app.db, taught)).conversations.botAnswered;

    const { session, conversationId } = await startConversation(app, taught, question);
    const first = await conversationRow(conversationId);
    expect(first.botAnsweredAt).not.toBeNull();
    expect(await botAnswered()).toBe(1);

    // The customer's message and the bot's answer: one statement each, no transaction.
    expect(
      await transactionsDuring(app.db, () => sendCustomerMessage(app, session, question)),
    ).toBe(0);
    const stored = await messagesOf(conversationId);
    expect(stored.map(({ role }) => role)).toEqual(['user', 'bot', 'user', 'bot']);
    expect(stored[3]!.content).toBe(stored[1]!.content);
    expect(await conversationRow(conversationId)).toMatchObject({
      botAnsweredAt: first.botAnsweredAt,
      messagesCount: 4,
      status: 'open',
    });
    expect(await botAnswered()).toBe(1);
  });

  it('finds the conversations it stores into by their ids, however many the database holds', async () => {
    const conversationId = await takenOver();
    const { query } = appendStatement(
      app.db,
      [
        {
          to: { conversationId, workspaceId },
          when: 'agent-in-it',
          message: { role: 'agent', senderId: admin.user.id, content: 'Found it.' },
        },
      ],
      new Date(),
    );
    // Many conversations, the planner told of them, and the plan read: all rolled back after.
    const plan = await planAfter(
      app.db,
      (trx) =>
        sql`insert into conversations (id, workspace_id, chatbot_id, customer_id, status,
            status_history, agent_ids, messages_seen_count, last_customer_message_at, updated_at)
          select 'earlier-' || n, workspace_id, chatbot_id, customer_id, 'resolved',
            status_history, agent_ids, messages_seen_count, last_customer_message_at, updated_at
          from conversations, generate_series(1, 3000) n where id = ${conversationId}`.execute(trx),
      'conversations',
      query,
    );

    // The part that finds and locks the conversations (those here are all of one customer: the
    // part finding a customer's latest reads them all, rightly).
    const locking = plan.slice(plan.indexOf('CTE locked'), plan.indexOf('CTE m'));
    expect(locking).toContain('conversations_pkey');
    expect(locking).not.toContain('Seq Scan');
  });
});
