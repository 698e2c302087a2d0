import type { Kysely } from 'kysely';
import type {
  ConversationNote,
  CopilotConversationRequest,
  CopilotDraft,
  CopilotRewriteRequest,
} from 'shared-sdk/schemas';
import { AssistantError, type AgentAssistant, type BotService } from '../bot';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import { addConversationNote } from './conversation-inbox';
import { latestQuestion } from './copilot';

/** The conversation's latest messages the model reads: enough for what is being discussed. */
const messagesRead = 30;

const noModel = () =>
  new HttpError(400, 'No language model is set up for drafts, summaries and rewrites', {
    code: 'failed-precondition',
  });

/** What the agent is told when the model gave nothing. */
function modelFailure(err: unknown, timeoutMs: number): Error {
  if (!(err instanceof AssistantError)) return err instanceof Error ? err : new Error(String(err));
  return err.reason === 'timeout'
    ? new HttpError(
        503,
        `The language model did not answer within ${timeoutMs / 1000} seconds. Please try again.`,
        { cause: err },
      )
    : new HttpError(503, 'The language model failed to answer. Please try again.', {
        cause: err,
      });
}

export interface AssistantContext {
  db: Kysely<Database>;
  bot: Pick<BotService, 'suggest'>;
  assistant: AgentAssistant | null;
}

/** This conversation's latest messages, oldest first (the workspace's only). */
async function conversationOf(
  db: Kysely<Database>,
  { workspaceId, conversationId }: CopilotConversationRequest,
) {
  // Checks the conversation is the workspace's (404 otherwise).
  await latestQuestion(db, workspaceId, conversationId);
  const rows = await db
    .selectFrom('messages')
    .select(['role', 'content'])
    .where('conversationId', '=', conversationId)
    .where('workspaceId', '=', workspaceId)
    .where('content', '!=', '')
    .orderBy('timestamp', 'desc')
    .limit(messagesRead)
    .execute();
  return rows.reverse();
}

function requireModel(assistant: AgentAssistant | null): AgentAssistant {
  if (!assistant) throw noModel();
  return assistant;
}

/**
 * A reply drafted by the language model from this conversation and the training the bot
 * retrieves for the customer's latest question, and nothing else; it names its sources.
 */
export async function draftReply(
  { db, bot, assistant }: AssistantContext,
  request: CopilotConversationRequest,
): Promise<CopilotDraft> {
  const conversation = await conversationOf(db, request);
  const model = requireModel(assistant);
  const asked = await latestQuestion(db, request.workspaceId, request.conversationId);
  const found = asked ? await bot.suggest(request.workspaceId, asked.content) : [];
  try {
    const text = await model.draft({
      conversation,
      sources: found.map(({ label, passage }) => ({ label, text: passage })),
    });
    return { text, sources: found.map(({ kind, id, label, url }) => ({ kind, id, label, url })) };
  } catch (err) {
    throw modelFailure(err, model.timeoutMs);
  }
}

/** The conversation summarized by the language model, kept as the agent's private note. */
export async function summarizeConversation(
  { db, assistant }: AssistantContext,
  request: CopilotConversationRequest & { agentId: string },
): Promise<ConversationNote> {
  const conversation = await conversationOf(db, request);
  const model = requireModel(assistant);
  let summary: string;
  try {
    summary = await model.summarize({ conversation });
  } catch (err) {
    throw modelFailure(err, model.timeoutMs);
  }
  // The model's call is outside the transaction: a slow model holds no lock.
  return writeTransaction(db, (trx) =>
    addConversationNote(trx, { ...request, content: summary.slice(0, 5000) }),
  );
}

/** The agent's own text, shorter or friendlier. */
export async function rewriteReply(
  { db, assistant }: AssistantContext,
  { workspaceId, conversationId, text, style }: CopilotRewriteRequest,
): Promise<{ text: string }> {
  await latestQuestion(db, workspaceId, conversationId);
  const model = requireModel(assistant);
  try {
    return { text: await model.rewrite({ text, style }) };
  } catch (err) {
    throw modelFailure(err, model.timeoutMs);
  }
}
