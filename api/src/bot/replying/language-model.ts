import { z } from 'zod';
import type { Passage } from '../deciding/bot-reply';

/** Phrases an answer to the customer's question from training passages only. */
export interface LanguageModel {
  /**
   * The answer in the model's words, or null when the model says the passages do not answer the
   * question. Rejects on any failure (network, status, timeout, empty answer).
   */
  phrase(input: { question: string; passages: Passage[] }): Promise<string | null>;
}

export interface OpenAiCompatibleOptions {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or a local server. */
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** What the model answers when the passages do not hold the answer. */
export const notInPassagesMarker = 'NOT_IN_PASSAGES';

const systemPrompt = [
  "You are a business's customer-support assistant, answering one customer message in a chat.",
  'Answer ONLY from the numbered passages of the business’s own training material given below.',
  'Never add facts, numbers, prices, dates, links, names, policies or promises that are not in',
  'the passages, and never guess. If the passages do not answer the question, reply with exactly',
  `${notInPassagesMarker} and nothing else.`,
  'Write a short, friendly, plain-text reply (no markdown) in the language of the question,',
  'addressed to the customer. Do not mention the passages or that you are reading from them.',
].join(' ');

const chatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** Any OpenAI-compatible chat-completions endpoint (BOT_LLM_URL, BOT_LLM_MODEL, …). */
export function createOpenAiCompatibleModel(options: OpenAiCompatibleOptions): LanguageModel {
  const endpoint = `${options.url.replace(/\/+$/, '')}/chat/completions`;
  return {
    async phrase({ question, passages }) {
      const numbered = passages.map((passage, n) => `[${n + 1}]\n${passage.text}`).join('\n\n');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          max_tokens: 400,
          messages: [
            { role: 'system', content: systemPrompt },
            { role: 'user', content: `Passages:\n\n${numbered}\n\nCustomer message: ${question}` },
          ],
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        throw new Error(`language model answered ${response.status} ${response.statusText}`);
      }
      const completion = chatCompletionSchema.parse(await response.json());
      const content = completion.choices[0]!.message.content?.trim();
      if (!content) throw new Error('language model gave an empty answer');
      return content.includes(notInPassagesMarker) ? null : content;
    },
  };
}
