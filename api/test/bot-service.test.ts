import { createBotService } from '../src/bot/bot-service';
import type { BotService } from '../src/bot/bot-service';
import { createOpenAiCompatibleModel } from '../src/bot/replying/language-model';
import { sharedSentenceEncoder } from '../src/bot/understanding/sentence-encoder';
import { createTrainingVectors } from '../src/bot/understanding/training-vectors';
import { loadConfig } from '../src/config';
import { writeTransaction } from '../src/live/write-transaction';
import {
  deleteAiTrainingQna,
  insertAiTrainingQna,
  insertAiTrainingQnas,
  updateAiTrainingQna,
} from '../src/repositories/ai-training-qnas';
import type { AiTrainingQnaFields } from '../src/repositories/ai-training-qnas';
import { createWorkspace } from './fixtures/workspace';
import { signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import { startFakeModel, type FakeModel } from './support/fake-language-model';
import { eventually } from './support/eventually';
import type { TestApp } from './support/build-test-app';

const returnsPair: AiTrainingQnaFields = {
  question: 'How do I return an item?',
  answer: 'Start a return from My orders within 30 days; we e-mail you a prepaid label.',
  topicIds: ['Returns'],
};
const deliveryPair: AiTrainingQnaFields = {
  question: 'How long does delivery take?',
  answer: 'Orders arrive within 2 to 4 working days in the Netherlands and Belgium.',
  topicIds: ['Shipping'],
};

const notConfident = {
  kind: 'handoff',
  reason: 'not-confident',
  content:
    "I'm not sure about that one, so I've asked a member of our team to join. They'll reply here shortly.",
};

describe('bot service', () => {
  let app: TestApp;
  let fakeModel: FakeModel;
  beforeAll(async () => {
    [app, fakeModel] = await Promise.all([buildTestApp(), startFakeModel()]);
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await fakeModel.close();
  });

  async function newWorkspace(): Promise<string> {
    const owner = await signUp(app);
    return (await createWorkspace(app, owner.auth)).workspaceId;
  }

  function addPair(workspaceId: string, fields: AiTrainingQnaFields) {
    return writeTransaction(app.db, (trx) =>
      insertAiTrainingQna(trx, workspaceId, fields, new Date()),
    );
  }

  const ask = (bot: BotService, workspaceId: string, text: string) =>
    bot.reply({ workspaceId, conversationId: 'conversation-1', text });

  it("answers a customer from the workspace's Q&A pairs, with the pair as source", async () => {
    const workspaceId = await newWorkspace();
    const pair = await addPair(workspaceId, returnsPair);
    await addPair(workspaceId, deliveryPair);

    expect(
      await ask(app.bot, workspaceId, 'how can I send an item back? I want to return it'),
    ).toEqual({
      kind: 'answer',
      content: returnsPair.answer,
      sources: [{ kind: 'qna', id: pair.id }],
    });
  });

  it('hands over when asked for a person, or when the training does not cover the question', async () => {
    const workspaceId = await newWorkspace();
    await addPair(workspaceId, returnsPair);

    expect(await ask(app.bot, workspaceId, 'Can I speak to a real person?')).toEqual({
      kind: 'handoff',
      reason: 'asked-for-person',
      content: "Of course — I've asked a member of our team to join. They'll reply here shortly.",
    });
    expect(await ask(app.bot, workspaceId, 'Do you offer bicycle insurance?')).toEqual(
      notConfident,
    );
  });

  it('answers only from its own workspace', async () => {
    const trained = await newWorkspace();
    const untrained = await newWorkspace();
    await addPair(trained, deliveryPair);

    expect(await ask(app.bot, trained, 'How long does delivery take?')).toMatchObject({
      kind: 'answer',
    });
    expect(await ask(app.bot, untrained, 'How long does delivery take?')).toEqual(notConfident);
  });

  it('follows pairs added, changed and deleted after its index was built (change feed)', async () => {
    const workspaceId = await newWorkspace();
    const pair = await addPair(workspaceId, deliveryPair);
    expect(await ask(app.bot, workspaceId, 'How do I return an item?')).toEqual(notConfident);

    const added = await addPair(workspaceId, returnsPair);
    expect(await ask(app.bot, workspaceId, 'How do I return an item?')).toMatchObject({
      content: returnsPair.answer,
      sources: [{ kind: 'qna', id: added.id }],
    });

    const faster = 'Orders now arrive the next working day in the Netherlands and Belgium.';
    await writeTransaction(app.db, (trx) =>
      updateAiTrainingQna(
        trx,
        workspaceId,
        pair.id,
        { ...deliveryPair, answer: faster },
        new Date(),
      ),
    );
    expect(await ask(app.bot, workspaceId, 'How long does delivery take?')).toMatchObject({
      content: faster,
    });

    await writeTransaction(app.db, (trx) =>
      deleteAiTrainingQna(trx, workspaceId, pair.id, new Date()),
    );
    expect(await ask(app.bot, workspaceId, 'How long does delivery take?')).toEqual(notConfident);
  });

  it('embeds many new pairs in a background job with progress, answering from their words meanwhile', async () => {
    const workspaceId = await newWorkspace();
    const fillers = Array.from({ length: 60 }, (_, n) => ({
      question: `Do you stock spare part number ${1000 + n}?`,
      answer: `Part ${1000 + n} is in stock at our warehouse.`,
      topicIds: ['Parts'],
    }));
    await writeTransaction(app.db, (trx) =>
      insertAiTrainingQnas(trx, workspaceId, [...fillers, deliveryPair], new Date()),
    );
    // 122 texts to embed: too many to wait for, so the bot answers by words and queues a job.
    expect(await ask(app.bot, workspaceId, 'How long does delivery take?')).toMatchObject({
      kind: 'answer',
      content: deliveryPair.answer,
    });
    const job = await eventually(
      () =>
        app.db
          .selectFrom('jobs')
          .selectAll()
          .where('workspaceId', '=', workspaceId)
          .where('kind', '=', 'training-embeddings')
          .executeTakeFirst(),
      (row) => row?.status === 'done',
      'the embedding job',
    );
    expect(job!.progress).toEqual({ embedded: 122, total: 122 });
    const stored = await app.db
      .selectFrom('trainingEmbeddings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('workspaceId', '=', workspaceId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(122);
    // Now by meaning: no word of this is in the pair's question.
    expect(await ask(app.bot, workspaceId, 'how many days until my order is here?')).toMatchObject({
      kind: 'answer',
      content: deliveryPair.answer,
    });
  });

  it('reads the training again after trainingChanged, without a change feed', async () => {
    const vectors = createTrainingVectors(app.db, await sharedSentenceEncoder());
    const bot = createBotService({ db: app.db, logger: app.log, vectors });
    try {
      const workspaceId = await newWorkspace();
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toEqual(notConfident);
      await addPair(workspaceId, returnsPair);
      // Without the feed the index it built is kept until it is told.
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toEqual(notConfident);
      bot.trainingChanged(workspaceId);
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toMatchObject({
        content: returnsPair.answer,
      });
    } finally {
      await bot.close();
    }
  });

  describe('with a language model', () => {
    let bot: BotService;
    beforeAll(async () => {
      bot = createBotService({
        db: app.db,
        logger: app.log,
        vectors: createTrainingVectors(app.db, await sharedSentenceEncoder()),
        changeFeed: app.changeFeed,
        languageModel: createOpenAiCompatibleModel({
          url: fakeModel.url,
          model: 'support-model',
          apiKey: 'test-key',
          timeoutMs: 300,
        }),
      });
    });
    afterAll(() => bot.close());
    beforeEach(() => {
      fakeModel.behaviour = 'phrase';
      fakeModel.requests = [];
    });

    it('sends the phrased answer, having given the model only the retrieved passages', async () => {
      const workspaceId = await newWorkspace();
      const pair = await addPair(workspaceId, returnsPair);
      await addPair(workspaceId, deliveryPair);

      expect(await ask(bot, workspaceId, 'How do I return an item?')).toEqual({
        kind: 'answer',
        content: 'You can start a return in My orders within 30 days, and we send a label.',
        sources: [{ kind: 'qna', id: pair.id }],
      });
      expect(fakeModel.requests).toHaveLength(1);
      const [{ path, headers, body }] = fakeModel.requests as [FakeModel['requests'][number]];
      expect(path).toBe('/v1/chat/completions');
      expect(headers.authorization).toBe('Bearer test-key');
      expect(body.model).toBe('support-model');
      expect(body.messages[0]).toMatchObject({ role: 'system' });
      expect(body.messages[0]!.content).toMatch(/ONLY from the numbered passages/);
      const user = body.messages[1]!.content;
      expect(user).toContain(returnsPair.answer);
      expect(user).toContain('Customer message: How do I return an item?');
      expect(user).not.toContain(deliveryPair.answer);
    });

    it('sends the retrieved answer when the model fails or does not answer in time', async () => {
      const workspaceId = await newWorkspace();
      await addPair(workspaceId, returnsPair);

      fakeModel.behaviour = 'fail';
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toMatchObject({
        kind: 'answer',
        content: returnsPair.answer,
      });
      fakeModel.behaviour = 'hang';
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toMatchObject({
        kind: 'answer',
        content: returnsPair.answer,
      });
      expect(fakeModel.requests).toHaveLength(2);
    });

    it('hands over when the model finds no answer in the passages', async () => {
      const workspaceId = await newWorkspace();
      await addPair(workspaceId, returnsPair);
      fakeModel.behaviour = 'no-answer';
      expect(await ask(bot, workspaceId, 'How do I return an item?')).toEqual(notConfident);
    });

    it('does not ask the model for handoffs or small talk', async () => {
      const workspaceId = await newWorkspace();
      await addPair(workspaceId, returnsPair);
      expect(await ask(bot, workspaceId, 'human please')).toMatchObject({ kind: 'handoff' });
      expect(await ask(bot, workspaceId, 'Do you repair e-scooters?')).toMatchObject({
        kind: 'handoff',
      });
      expect(await ask(bot, workspaceId, 'hello')).toMatchObject({
        content: 'Hello! How can I help?',
      });
      expect(fakeModel.requests).toHaveLength(0);
    });
  });

  it('reads the language model from BOT_LLM_* and refuses a URL without a model', () => {
    expect(loadConfig({}).bot.languageModel).toBeUndefined();
    expect(
      loadConfig({
        BOT_LLM_URL: 'http://127.0.0.1:11434/v1',
        BOT_LLM_MODEL: 'llama3.2',
        BOT_LLM_TIMEOUT_MS: '2500',
      }).bot.languageModel,
    ).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      apiKey: undefined,
      timeoutMs: 2500,
    });
    expect(() => loadConfig({ BOT_LLM_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/BOT_LLM_MODEL/);
  });
});
