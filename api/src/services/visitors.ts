import type { Kysely } from 'kysely';
import type {
  CustomerIdentity,
  WidgetSession,
  WidgetSessionRequest,
  WidgetVisitor,
} from 'shared-sdk/schemas';
import { generateVisitorToken, hashVisitorToken } from '../auth/visitor-tokens';
import { workspaceNotFound } from '../auth/workspace-access';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { widgetChatbotOf } from 'shared-sdk';
import { findWidgetChatbot } from '../repositories/chatbots';
import { chatbotNotFound } from './chatbots';
import { findLatestConversationOfCustomer } from '../repositories/conversations';
import {
  deleteVisitorToken,
  findCustomerByTokenHash,
  findCustomerByUserIdForUpdate,
  insertCustomer,
  insertVerifiedCustomer,
  insertVisitorToken,
  updateCustomer,
} from '../repositories/customers';
import { findIdentityVerification } from '../repositories/identity-verification';
import { listMessages } from '../repositories/messages';
import { checkIdentity } from './identity-verification';
import type { CustomerRow } from '../repositories/customers';

/** A widget visitor: the customer a visitor token reaches. */
export type Visitor = CustomerRow;

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

/** The widget's caller: the customer whose visitor token the call presents; else 401. */
export async function requireVisitor(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<CustomerRow> {
  const customer = await findVisitor(db, token);
  if (!customer) throw visitorUnknown();
  return customer;
}

/** What the chat window knows of its visitor (the pre-chat form asks only for what is missing). */
export function toWidgetVisitor(customer: CustomerRow): WidgetVisitor {
  return {
    verified: customer.userId !== null,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    preChatAnswered: customer.preChatAnsweredAt !== null,
  };
}

/**
 * A widget session: the `resumed` visitor (its token presented, of this workspace) or a new one,
 * with the identity given. A verified identity makes the visitor the workspace's customer with
 * that user id (a new token for this browser when they were someone else); an unverified one is
 * saved as a label on the visitor's own customer, unless the workspace requires verification or
 * the visitor is a verified customer (whose details only their business's signature changes).
 * The chatbot is the one asked for, else the workspace's first.
 */
export async function startVisitorSession(
  trx: Kysely<Database>,
  { workspaceId, chatbotId, customer: given = {} }: WidgetSessionRequest,
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

  const { firstName, lastName, email, orderId } = given;
  const details: CustomerIdentity = { firstName, lastName, email, orderId };
  const settings = await findIdentityVerification(trx, workspaceId);
  const check = checkIdentity(settings, given, now);
  let visitorToken: string;
  let customer: CustomerRow;
  let saved: boolean;
  if (check?.verified) {
    ({ visitorToken, customer } = await verifiedVisitor(
      trx,
      { workspaceId, chatbotId: chatbot.id, userId: check.userId, details },
      resumed,
      now,
    ));
    saved = true;
  } else {
    // A label is kept only where no signature is asked for or holds.
    saved =
      check !== undefined && !settings?.required && (resumed?.visitor.userId ?? null) === null;
    const identity = saved ? details : {};
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
  }
  const conversation = await findLatestConversationOfCustomer(trx, customer.id);
  return {
    visitorToken,
    customerId: customer.id,
    chatbot: widgetChatbotOf(chatbot, workspace.backgroundColor),
    visitor: toWidgetVisitor(customer),
    conversation: conversation ?? null,
    identity: check
      ? {
          verified: check.verified,
          saved,
          error: check.verified
            ? null
            : {
                code: check.code,
                message: saved ? check.message : `${check.message}. ${notSavedMessage(settings)}`,
              },
        }
      : null,
  };
}

const notSavedMessage = (settings: { required: boolean } | undefined) =>
  settings?.required
    ? 'This site requires a verified identity: the details were not saved and the chat stays anonymous'
    : 'The details were not saved: this chat belongs to a verified customer';

/**
 * The customer of a verified user id, with the details given: the visitor's own when the token
 * is theirs already; else the workspace's customer with that user id (made on its first verified
 * identify), reached from this browser by a token of its own. The anonymous visitor the browser
 * was before keeps their conversations: they may be someone else's on a shared computer.
 */
async function verifiedVisitor(
  trx: Kysely<Database>,
  verified: { workspaceId: string; chatbotId: string; userId: string; details: CustomerIdentity },
  resumed: { visitor: CustomerRow; token: string } | undefined,
  now: Date,
): Promise<{ visitorToken: string; customer: CustomerRow }> {
  const { workspaceId, chatbotId, userId, details } = verified;
  const update = { identity: details, chatbotId };
  if (resumed?.visitor.userId === userId) {
    return {
      visitorToken: resumed.token,
      customer: await updateCustomer(trx, resumed.visitor.id, update, now),
    };
  }
  const visitorToken = generateVisitorToken();
  const visitorTokenHash = hashVisitorToken(visitorToken);
  const known =
    (await findCustomerByUserIdForUpdate(trx, workspaceId, userId)) ??
    (await insertVerifiedCustomer(
      trx,
      { workspaceId, chatbotId, visitorTokenHash, identity: details, userId },
      now,
    )) ??
    // Two first identifies of one user id at once (two tabs, two devices): the other one made
    // the customer while this one looked; both end as that one customer.
    (await findCustomerByUserIdForUpdate(trx, workspaceId, userId));
  if (!known) throw new Error(`The customer of user id ${userId} was neither found nor made`);
  if (known.visitorTokenHash === visitorTokenHash) return { visitorToken, customer: known };
  await insertVisitorToken(trx, known, visitorTokenHash);
  return { visitorToken, customer: await updateCustomer(trx, known.id, update, now) };
}

/** `Parley.logout()`: the visitor's token ends; the browser's next session is a new visitor. */
export async function endVisitorToken(trx: Kysely<Database>, visitor: CustomerRow): Promise<void> {
  await deleteVisitorToken(trx, visitor, visitor.visitorTokenHash);
}

/** The visitor's latest conversation and its messages, by timestamp (none before their first). */
export async function latestConversationOfVisitor(db: Kysely<Database>, visitor: CustomerRow) {
  const conversation = await findLatestConversationOfCustomer(db, visitor.id);
  return {
    conversation: conversation ?? null,
    messages: conversation ? await listMessages(db, conversation.id) : [],
  };
}
