import type { Kysely } from 'kysely';
import type { PreChatForm, WidgetPreChatRequest, WidgetVisitor } from 'shared-sdk/schemas';
import { hasVisibleContent } from 'shared-sdk/schemas';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findWidgetChatbot } from '../repositories/chatbots';
import type { CustomerRow } from '../repositories/customers';
import { recordChange } from '../live/write-transaction';
import { chatbotNotFound } from './chatbots';
import { toWidgetVisitor } from './visitors';

const answerRequired = (field: 'name' | 'email') =>
  new HttpError(
    400,
    field === 'email'
      ? 'body.email: Please enter your e-mail address'
      : 'body.name: Please enter your name',
  );

/** The visitor's chatbot: the one whose widget they last opened, else the workspace's first. */
async function chatbotOf(trx: Kysely<Database>, customer: CustomerRow) {
  const chatbot = await findWidgetChatbot(trx, customer.workspaceId, customer.chatbotId);
  if (!chatbot) throw chatbotNotFound(customer.chatbotId ?? customer.workspaceId);
  return chatbot;
}

/** "Ada Lovelace" → first name Ada, last name Lovelace (the customer record keeps both). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The first question the form requires that the customer record has no answer to. */
export function missingRequiredAnswer(
  form: PreChatForm,
  customer: Pick<CustomerRow, 'firstName' | 'email'>,
): 'name' | 'email' | undefined {
  if (form.name === 'required' && !hasVisibleContent(customer.firstName)) return 'name';
  if (form.email === 'required' && !customer.email) return 'email';
  return undefined;
}

/**
 * POST /api/widget/pre-chat: the visitor's answers go on their customer record, where agents see
 * them on the conversation. Checked against the chatbot's form here, whatever the window did:
 * a required answer left blank is refused, a question the form does not ask is not saved.
 */
export async function savePreChatAnswers(
  trx: Kysely<Database>,
  customer: CustomerRow,
  answers: WidgetPreChatRequest,
  now: Date,
): Promise<WidgetVisitor> {
  const { preChatForm: form } = await chatbotOf(trx, customer);
  const given = (answers.name ?? '').trim();
  // A name of only invisible characters is no name: as blank as an empty one.
  const name = form.name === 'off' || !hasVisibleContent(given) ? undefined : given;
  const email = form.email === 'off' ? undefined : (answers.email ?? '').trim();
  if (form.name === 'required' && !name) throw answerRequired('name');
  if (form.email === 'required' && !email) throw answerRequired('email');
  const row = await trx
    .updateTable('customers')
    .set({
      // A blank optional answer keeps what the page's Parley.identify may have told.
      ...(name ? splitName(name) : {}),
      ...(email ? { email } : {}),
      preChatAnsweredAt: now,
      updatedAt: now,
    })
    .where('id', '=', customer.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  recordChange(trx, { collection: 'customers', workspaceId: row.workspaceId, ids: [row.id] });
  return toWidgetVisitor(row);
}

/**
 * A new conversation is refused while the pre-chat form requires an answer the customer record
 * lacks: the widget asks first, and a script posting straight to the API meets the same rule.
 */
export const preChatAnswerMissing = (missing: 'name' | 'email') =>
  new HttpError(
    400,
    `Please answer the questions before the chat starts: your ${missing === 'email' ? 'e-mail address' : 'name'} is required`,
  );
