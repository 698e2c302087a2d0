import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WidgetSession, WidgetSessionRequest, WidgetVisitor } from 'shared-sdk/schemas';
import { generateVisitorToken, hashVisitorToken, isVisitorToken } from '../auth/visitor-tokens';
import { workspaceNotFound } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { widgetChatbotOf } from 'shared-sdk';
import { findWidgetChatbot } from '../repositories/chatbots';
import { chatbotNotFound } from './chatbots';
import { findLatestConversationOfCustomer } from '../repositories/conversations';
import { findCustomerByTokenHash, insertCustomer, updateCustomer } from '../repositories/customers';
import type { CustomerRow } from '../repositories/customers';

/** The visitor token of `Authorization: Bearer pv_…`, if the request carries one. */
export function presentedVisitorToken(request: FastifyRequest): string | undefined {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return token && isVisitorToken(token) ? token : undefined;
}

/** The visitor (customer) a token belongs to, if any. */
export async function findVisitor(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<CustomerRow | undefined> {
  if (!token) return undefined;
  return findCustomerByTokenHash(db, hashVisitorToken(token));
}

export const visitorUnknown = () =>
  new HttpError(401, 'Start a widget session first: POST /api/widget/sessions');

/** The widget's caller: the customer whose visitor token is in the Authorization header; else 401. */
export async function requireVisitor(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<CustomerRow> {
  const customer = await findVisitor(db, presentedVisitorToken(request));
  if (!customer) throw visitorUnknown();
  return customer;
}

/** What the chat window knows of its visitor (the pre-chat form asks only for what is missing). */
export function toWidgetVisitor(customer: CustomerRow): WidgetVisitor {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    preChatAnswered: customer.preChatAnsweredAt !== null,
  };
}

/**
 * A widget session: the `resumed` visitor (its token presented, of this workspace) with the
 * identity given saved, or a new visitor with a new token. The chatbot is the one asked for, else
 * the workspace's first.
 */
export async function startVisitorSession(
  trx: Kysely<Database>,
  { workspaceId, chatbotId, customer: identity = {} }: WidgetSessionRequest,
  resumed: { visitor: CustomerRow; token: string } | undefined,
  now: Date,
): Promise<WidgetSession> {
  const workspace = await trx
    .selectFrom('workspaces')
    .select(['id', 'backgroundColor'])
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (!workspace) throw workspaceNotFound(workspaceId);
  const chatbot = await findWidgetChatbot(trx, workspaceId, chatbotId);
  if (!chatbot) throw chatbotNotFound(chatbotId ?? workspaceId);

  let visitorToken: string;
  let customer: CustomerRow;
  if (resumed) {
    visitorToken = resumed.token;
    const changed =
      Object.values(identity).some((value) => value !== undefined) ||
      resumed.visitor.chatbotId !== chatbot.id;
    customer = changed
      ? await updateCustomer(trx, resumed.visitor.id, { identity, chatbotId: chatbot.id }, now)
      : resumed.visitor;
  } else {
    visitorToken = generateVisitorToken();
    customer = await insertCustomer(
      trx,
      {
        workspaceId,
        chatbotId: chatbot.id,
        visitorTokenHash: hashVisitorToken(visitorToken),
        identity,
      },
      now,
    );
  }
  const conversation = await findLatestConversationOfCustomer(trx, customer.id);
  return {
    visitorToken,
    customerId: customer.id,
    chatbot: widgetChatbotOf(chatbot, workspace.backgroundColor),
    visitor: toWidgetVisitor(customer),
    conversation: conversation ?? null,
  };
}
