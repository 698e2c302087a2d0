import escapeHtml from 'escape-html';
import type { Message } from 'shared-sdk/schemas';

export interface ReplyParts {
  /** The agent's words, then the signature. */
  content: string;
  signature: string;
  /** The conversation's earlier messages, oldest first, quoted below the reply. */
  history: Message[];
  /** Who each earlier message is from, as the quote's header says. */
  authorOf: (message: Message) => string;
}

const dateOf = (message: Message) => new Date(message.timestamp).toUTCString();

/**
 * A reply's text and HTML parts: the agent's words and the signature, then the earlier messages
 * quoted, newest first, each under "On <date>, <author> wrote:" as mail clients quote.
 */
export function composeReply({ content, signature, history, authorOf }: ReplyParts) {
  const quoted = [...history].reverse();
  const textQuote = quoted
    .map(
      (message) =>
        `On ${dateOf(message)}, ${authorOf(message)} wrote:\n` +
        message.content
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n'),
    )
    .join('\n\n');
  const text = [content, signature ? `-- \n${signature}` : '', textQuote]
    .filter(Boolean)
    .join('\n\n');
  const paragraphs = (value: string) =>
    value
      .split(/\n{2,}/)
      .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
      .join('');
  const htmlQuote = quoted
    .map(
      (message) =>
        `<p>On ${escapeHtml(dateOf(message))}, ${escapeHtml(authorOf(message))} wrote:</p>` +
        `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">` +
        `${paragraphs(message.content)}</blockquote>`,
    )
    .join('');
  const html =
    `<div>${paragraphs(content)}</div>` +
    (signature ? `<div>-- <br>${paragraphs(signature)}</div>` : '') +
    htmlQuote;
  return { text, html };
}
