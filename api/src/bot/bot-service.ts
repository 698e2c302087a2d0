import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChangeEvent } from '../live/change-events';
import type { ChangeFeed } from '../live/change-feed';
import { decideReply, handoffMessages } from './deciding/bot-reply';
import {
  copilotSuggestions,
  sourceLabel,
  type CopilotCandidate,
} from './deciding/copilot-suggestions';
import type { BotReply, ReplyDecision } from './deciding/bot-reply';
import type { BotPreview } from 'shared-sdk/schemas';
import type { TrainingHit } from './retrieving/training-search';
import type { ConfidenceThresholds } from './deciding/confidence';
import type { LanguageModel } from './replying/language-model';
import { TrainingIndex } from './retrieving/training-index';
import { withoutGreeting } from './understanding/customer-intents';
import type { TrainingVectors } from './understanding/training-vectors';
import { groupQuestions, type AskedQuestion, type QuestionGroup } from './learning/question-groups';
import { selectWebpageVersions } from '../repositories/ai-training-websites';
import { readProducts, readQnas, readWebPages, webPageId } from './retrieving/training-reads';
import { deleteOtherModelsEmbeddings } from '../repositories/training-embeddings';
import type { ProductTraining, QnaTraining } from './retrieving/training-documents';

export type { BotReply, BotSource, HandoffReason } from './deciding/bot-reply';
export type { CopilotCandidate } from './deciding/copilot-suggestions';

/** The logger calls the service makes (Fastify's logger fits). */
export interface BotLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface BotService {
  /**
   * The bot's reply to one customer message of a conversation no agent has taken over, from the
   * workspace's training. Rejects only when the training cannot be read.
   */
  reply(message: { workspaceId: string; conversationId: string; text: string }): Promise<BotReply>;
  /** What the bot would answer `question` ("Try the bot"), and from what, with no conversation. */
  preview(workspaceId: string, question: string): Promise<BotPreview>;
  /**
   * The training that answers `question` for an agent writing the reply (their copilot): the
   * bot's one retrieval, best first, at most three; none when nothing is relevant.
   */
  suggest(workspaceId: string, question: string): Promise<CopilotCandidate[]>;
  /**
   * Which of `questions` the bot would now answer from the training, without the language model:
   * AI training's unanswered questions that a pair has since answered are no longer listed.
   */
  answered(workspaceId: string, questions: readonly string[]): Promise<boolean[]>;
  /** Forgets the workspace's index: the next reply reads its training again. */
  trainingChanged(workspaceId: string): void;
  /**
   * Embeds every training text of the workspace that has no vector of this encoder yet (the
   * background job of many new texts, or of a new model), then reads the training again.
   */
  embedTraining(
    workspaceId: string,
    options: { signal: AbortSignal; report(progress: { embedded: number; total: number }): void },
  ): Promise<number>;
  /** Customer questions grouped by meaning (AI training's unanswered questions). */
  groupQuestions(questions: readonly AskedQuestion[]): Promise<QuestionGroup[]>;
  /** Stops following the change feed and waits for the reads under way. */
  close(): Promise<void>;
}

export interface BotServiceOptions {
  db: Kysely<Database>;
  logger: BotLogger;
  /** The sentence encoder and the stored vectors of the training. */
  vectors: TrainingVectors;
  /** Phrases answers from the retrieved passages; without it they are sent as they are. */
  languageModel?: LanguageModel;
  /** Where committed training changes are announced; the indexes follow them. */
  changeFeed?: ChangeFeed;
  /** Workspaces whose index is kept in memory, least recently used dropped first. */
  maxWorkspaces?: number;
  confidence?: ConfidenceThresholds;
}

/** One workspace's index: every read and update of it runs after the previous one. */
interface WorkspaceEntry {
  index: Promise<TrainingIndex>;
}

/** Collections the index is built from. */
const trainingCollections = new Set<ChangeEvent['collection']>([
  'ai_training_qnas',
  'products',
  'ai_training_websites',
]);

export function createBotService({
  db,
  logger,
  vectors,
  languageModel,
  changeFeed,
  maxWorkspaces = 200,
  confidence,
}: BotServiceOptions): BotService {
  const entries = new Map<string, WorkspaceEntry>();
  let closed = false;
  const { encoder } = vectors;

  /**
   * Brings the websites' pages in the index up to date. A website's event names the website,
   * not its pages, and reading a large site arrives as one event per few pages: only pages
   * added, removed or read as something else are indexed again, not the whole site each time.
   */
  async function refreshWebPages(
    index: TrainingIndex,
    workspaceId: string,
    websiteIds: readonly string[],
  ) {
    const current = new Map(
      (await selectWebpageVersions(db, workspaceId, websiteIds)).map((row) => [
        webPageId(row.websiteId, row.url),
        row.contentHash,
      ]),
    );
    const prefixes = websiteIds.map((websiteId) => webPageId(websiteId, ''));
    index.removeWebPages(
      index
        .webPageIds()
        .filter((id) => prefixes.some((prefix) => id.startsWith(prefix)) && !current.has(id)),
    );
    const stale = [...current].filter(([id, version]) => index.webPage(id)?.version !== version);
    if (stale.length === 0) return;
    const staleIds = new Set(stale.map(([id]) => id));
    const urls = [...new Set(stale.map(([id]) => id.slice(id.indexOf(':') + 1)))];
    const pages = (await readWebPages(db, workspaceId, websiteIds, urls)).filter((page) =>
      staleIds.has(page.id),
    );
    index.upsertWebPages(pages, await vectorsOf(workspaceId, { pages }));
  }

  function readTraining(workspaceId: string) {
    return Promise.all([
      readQnas(db, workspaceId),
      readProducts(db, workspaceId),
      readWebPages(db, workspaceId),
    ]).then(([qnas, products, pages]) => ({ qnas, products, pages }));
  }

  function vectorsOf(workspaceId: string, items: Parameters<typeof TrainingIndex.textsToEmbed>[0]) {
    return vectors.prepare(workspaceId, TrainingIndex.textsToEmbed(items));
  }

  async function buildIndex(workspaceId: string): Promise<TrainingIndex> {
    const index = new TrainingIndex({ dimensions: encoder.dimensions });
    const training = await readTraining(workspaceId);
    const known = await vectorsOf(workspaceId, training);
    index.upsertQnas(training.qnas, known);
    index.upsertProducts(training.products, known);
    index.upsertWebPages(training.pages, known);
    return index;
  }

  /** Reads again the documents of `collection` that `ids` name, into the index. */
  async function refresh(
    index: TrainingIndex,
    collection: ChangeEvent['collection'],
    workspaceId: string,
    ids: readonly string[],
  ) {
    if (collection === 'ai_training_websites') {
      await refreshWebPages(index, workspaceId, ids);
      return;
    }
    const rows =
      collection === 'products'
        ? await readProducts(db, workspaceId, ids)
        : await readQnas(db, workspaceId, ids);
    const present = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !present.has(id));
    if (collection === 'products') {
      const products = rows as ProductTraining[];
      index.upsertProducts(products, await vectorsOf(workspaceId, { products }));
      index.removeProducts(missing);
    } else {
      const qnas = rows as QnaTraining[];
      index.upsertQnas(qnas, await vectorsOf(workspaceId, { qnas }));
      index.removeQnas(missing);
    }
  }

  /** The workspace's index, built on first use; marks it the most recently used. */
  function indexOf(workspaceId: string): Promise<TrainingIndex> {
    let entry = entries.get(workspaceId);
    if (entry) {
      entries.delete(workspaceId);
    } else {
      entry = { index: buildIndex(workspaceId) };
      const built = entry;
      // A failed read is not kept: the next message tries again.
      built.index.catch(() => {
        if (entries.get(workspaceId) === built) entries.delete(workspaceId);
      });
      while (entries.size >= maxWorkspaces) {
        const oldest = entries.keys().next().value!;
        entries.delete(oldest);
      }
    }
    entries.set(workspaceId, entry);
    return entry.index;
  }

  /** Reads again the documents an event names: present ones replaced, missing ones removed. */
  function followChange(event: ChangeEvent & { workspaceId: string }) {
    const { workspaceId, ids } = event;
    const entry = entries.get(workspaceId);
    if (!entry) return; // Not in memory: it is read whole when next needed.
    if (ids.length === 0) {
      // A cascade or a set-based write changed rows without naming them.
      entries.delete(workspaceId);
      return;
    }
    entry.index = entry.index.then(async (index) => {
      try {
        await refresh(index, event.collection, workspaceId, ids);
        return index;
      } catch (err) {
        logger.error({ err, workspaceId }, 'bot index update failed; it will be rebuilt');
        if (entries.get(workspaceId) === entry) entries.delete(workspaceId);
        throw err;
      }
    });
    entry.index.catch(() => undefined);
  }

  const unsubscribe = changeFeed?.subscribe({
    changes(events) {
      for (const event of events) {
        if (!event.workspaceId) continue;
        if (trainingCollections.has(event.collection)) {
          followChange({ ...event, workspaceId: event.workspaceId });
        } else if (event.collection === 'workspaces') {
          // Its currency may have changed: prices are said in it.
          entries.delete(event.workspaceId);
        }
      }
    },
    missed() {
      // Changes may have been lost: every index is read again when next needed.
      entries.clear();
    },
  });

  /** The answer in the model's words; the retrieved one when the model fails or times out. */
  async function phrase(
    model: LanguageModel,
    reply: Extract<BotReply, { kind: 'answer' }>,
    { question, passages }: ReplyDecision,
    context: { workspaceId: string; conversationId: string },
  ): Promise<BotReply> {
    try {
      const phrased = await model.phrase({ question, passages });
      // The model found no answer in what was retrieved: a person is surer than a guess.
      if (phrased === null) {
        return {
          kind: 'handoff',
          reason: 'not-confident',
          content: handoffMessages['not-confident'],
        };
      }
      return { ...reply, content: phrased };
    } catch (err) {
      logger.warn({ err, ...context }, 'language model failed; the retrieved answer is sent');
      return reply;
    }
  }

  /** The sentence vectors of customer questions, as the decision reads them (no greeting). */
  function embedQuestions(texts: readonly string[]): Promise<Float32Array[]> {
    return encoder.embed(texts.map(withoutGreeting));
  }

  async function answer(workspaceId: string, conversationId: string, text: string) {
    if (closed) throw new Error('The bot service is closed');
    const [index, [query]] = await Promise.all([indexOf(workspaceId), embedQuestions([text])]);
    const decision = decideReply(index, text, query, confidence);
    const { reply } = decision;
    if (reply.kind !== 'answer' || decision.passages.length === 0 || !languageModel) {
      return { index, decision, reply };
    }
    const phrased = await phrase(languageModel, reply, decision, { workspaceId, conversationId });
    return { index, decision, reply: phrased };
  }

  /** What a training item is called where an admin sees it. */
  function sourceOf(
    index: TrainingIndex,
    hit: Pick<TrainingHit, 'kind' | 'id' | 'passage'>,
  ): BotPreview['source'] {
    return { kind: hit.kind, id: hit.id, ...sourceLabel(index, hit) };
  }

  return {
    async reply({ workspaceId, conversationId, text }) {
      return (await answer(workspaceId, conversationId, text)).reply;
    },

    async preview(workspaceId, question) {
      const { index, decision, reply } = await answer(workspaceId, 'preview', question);
      const { best, confidence } = decision;
      return {
        kind: reply.kind,
        content: reply.content,
        ...(reply.kind === 'suggestions'
          ? { suggestions: reply.suggestions.map((each) => each.question) }
          : {}),
        confidence: confidence === undefined ? null : Math.round(confidence * 100) / 100,
        handoffReason: reply.kind === 'handoff' ? reply.reason : null,
        source: best ? sourceOf(index, best) : null,
      };
    },

    async suggest(workspaceId, question) {
      if (closed) throw new Error('The bot service is closed');
      const [index, [query]] = await Promise.all([
        indexOf(workspaceId),
        embedQuestions([question]),
      ]);
      return copilotSuggestions(index, question, query, confidence);
    },

    async answered(workspaceId, questions) {
      if (closed) throw new Error('The bot service is closed');
      const [index, queries] = await Promise.all([indexOf(workspaceId), embedQuestions(questions)]);
      return questions.map((question, n) => {
        const { reply } = decideReply(index, question, queries[n], confidence);
        return reply.kind === 'answer' && reply.sources.length > 0;
      });
    },

    trainingChanged(workspaceId) {
      entries.delete(workspaceId);
    },

    async embedTraining(workspaceId, options) {
      const texts = TrainingIndex.textsToEmbed(await readTraining(workspaceId));
      const embedded = await vectors.embedMissing(workspaceId, texts, options);
      await deleteOtherModelsEmbeddings(db, workspaceId, encoder.id);
      entries.delete(workspaceId);
      return embedded;
    },

    async groupQuestions(questions) {
      return groupQuestions(questions, await encoder.embed(questions.map(({ text }) => text)));
    },

    async close() {
      closed = true;
      unsubscribe?.();
      const pending = [...entries.values()].map((entry) => entry.index);
      entries.clear();
      await Promise.allSettled(pending);
    },
  };
}
