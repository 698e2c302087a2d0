import { z } from 'zod';
import type { OpenAiCompatibleOptions } from './language-model';

// What the language model does for an agent writing a reply (their copilot): a draft from the
// conversation and the retrieved training only, a summary, and rewrites of the agent's own text.
// Each call is one chat completion, given up after the configured timeout.

/** One message of the conversation as the model reads it. */
export interface ConversationLine {
  role: 'user' | 'agent' | 'bot';
  content: string;
}

/** A retrieved training item the draft may draw on, numbered for the draft to cite. */
export interface KnowledgeSource {
  label: string;
  text: string;
}

export type RewriteStyle = 'shorter' | 'friendlier';

/** Why the model gave nothing: it took longer than allowed, or it failed. */
export class AssistantError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AssistantError';
  }
}

export interface AgentAssistant {
  /** How long a call may take before it is given up (BOT_LLM_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** A reply to the customer's latest message, citing the sources it used as [1], [2]… */
  draft(input: { conversation: ConversationLine[]; sources: KnowledgeSource[] }): Promise<string>;
  /** The conversation in a few lines, for the team's private note. */
  summarize(input: { conversation: ConversationLine[] }): Promise<string>;
  /** The agent's text, shorter or friendlier, saying the same. */
  rewrite(input: { text: string; style: RewriteStyle }): Promise<string>;
}

const speakers: Record<ConversationLine['role'], string> = {
  user: 'Customer',
  agent: 'Agent',
  bot: 'Bot',
};

const transcript = (conversation: readonly ConversationLine[]) =>
  conversation.map(({ role, content }) => `${speakers[role]}: ${content}`).join('\n');

const draftPrompt = [
  "You help a business's support agent reply to a customer in a chat.",
  "Write the agent's next reply to the customer's latest message, using ONLY the conversation and",
  'the numbered sources from the business’s own training given below. Never add facts, numbers,',
  'prices, stock levels, dates, links, names, policies or promises that are not in them: prices and',
  'stock come only from a product source’s Price and In stock lines. After each sentence that uses',
  'a source, cite it as [n]. If the sources do not answer the customer, say briefly that you will',
  'check, without inventing anything. Plain text, no markdown, in the language of the customer.',
].join(' ');

const summaryPrompt = [
  'Summarize this customer-support chat for the team in at most four short lines: what the',
  'customer wants, what was answered or done, and what is still open. Use only what the',
  'conversation says. Plain text, no markdown.',
].join(' ');

const rewritePrompts: Record<RewriteStyle, string> = {
  shorter: [
    "Rewrite the support agent's reply below to be shorter and clearer, keeping every fact,",
    'number and promise exactly as written and adding none. Answer with the reply only.',
  ].join(' '),
  friendlier: [
    "Rewrite the support agent's reply below to sound warmer and friendlier, keeping every fact,",
    'number and promise exactly as written and adding none. Answer with the reply only.',
  ].join(' '),
};

const chatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** The copilot's language model: any OpenAI-compatible chat-completions endpoint (BOT_LLM_*). */
export function createAgentAssistant(options: OpenAiCompatibleOptions): AgentAssistant {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;

  async function complete(system: string, user: string): Promise<string> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          max_tokens: 600,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
        signal,
      });
    } catch (err) {
      if (signal.aborted) {
        throw new AssistantError('timeout', 'language model timed out', { cause: err });
      }
      throw new AssistantError('failed', 'language model unreachable', { cause: err });
    }
    if (!response.ok) {
      throw new AssistantError('failed', `language model answered ${response.status}`);
    }
    let content: string | undefined;
    try {
      const completion = chatCompletionSchema.parse(await response.json());
      content = completion.choices[0]!.message.content?.trim();
    } catch (err) {
      const reason = signal.aborted ? 'timeout' : 'failed';
      throw new AssistantError(reason, 'language model gave no readable answer', { cause: err });
    }
    if (!content) throw new AssistantError('failed', 'language model gave an empty answer');
    return content;
  }

  return {
    timeoutMs: options.timeoutMs,
    draft({ conversation, sources }) {
      const numbered = sources
        .map((source, n) => `[${n + 1}] ${source.label}\n${source.text}`)
        .join('\n\n');
      return complete(
        draftPrompt,
        `Sources:\n\n${numbered || '(none)'}\n\nConversation:\n${transcript(conversation)}`,
      );
    },
    summarize({ conversation }) {
      return complete(summaryPrompt, `Conversation:\n${transcript(conversation)}`);
    },
    rewrite({ text, style }) {
      return complete(rewritePrompts[style], text);
    },
  };
}
