import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationSchema,
  messageSchema,
  storedFileSchema,
  widgetConversationSchema,
  widgetMessageRequestSchema,
  widgetSessionRequestSchema,
  widgetSessionSchema,
} from 'shared-sdk/schemas';
import { generateVisitorToken, hashVisitorToken } from '../auth/visitor-tokens';
import { workspaceNotFound } from '../auth/workspace-access';
import { errorResponses } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';
import { writeTransaction } from '../live/write-transaction';
import { findLatestConversationOfCustomer } from '../repositories/conversations';
import { insertCustomer, updateCustomer } from '../repositories/customers';
import type { CustomerRow } from '../repositories/customers';
import { listMessages } from '../repositories/messages';
import {
  currentConversationOfCustomer,
  postCustomerMessage,
  requestHandoff,
} from '../services/conversations';
import { findVisitor, presentedVisitorToken, requireVisitor } from '../services/visitors';

const visitorErrors = {
  401: 'unauthenticated: no visitor token, or an unknown one (start a session)',
};
const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many requests; try again in ${retryAfterSeconds} s`);
const chatbotNotFound = (chatbotId: string) => new HttpError(404, `Chatbot ${chatbotId} not found`);
const noFile = () =>
  new HttpError(400, 'Send the file as multipart/form-data, in the field "file"');

/** The part's own file name, without any folder a browser or client put before it. */
function uploadedFileName(filename: string | undefined): string {
  const name = (filename ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return name === '' || name === '.' || name === '..' ? 'attachment' : name;
}

/**
 * The customer chat widget's calls (shared-sdk schemas/widget.ts): public, authenticated by the
 * visitor token (`Authorization: Bearer pv_…`) that POST sessions hands out, which reaches
 * only its own customer's conversations. The same token signs the widget in on /api/live.
 *
 * CORS: open (any origin, no credentials). The chat window runs in an iframe of this origin, so
 * its own calls need none, but the loader runs on the business's site and may call sessions
 * there; and the visitor token is a header, never a cookie, so a page of another site holds no
 * ambient authority here: it can do nothing a script outside any browser could not do. Abuse is
 * bounded by the rate limits instead: per client address (every /api call, and new sessions),
 * per visitor token, and per workspace.
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['widget'];
  const { rateLimit } = app.config.widget;
  // Here only, as for storage uploads: multipart bodies are read nowhere else.
  await app.register(fastifyMultipart);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('vary', 'origin');
  });
  app.options('/widget/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send(),
  );

  // Keys of the limits below, per request: the visitor's token digest, the workspace.
  const limitKeys = new WeakMap<FastifyRequest, string>();
  const limiter = (max: number) =>
    app.createRateLimit({
      max,
      timeWindow: '1 minute',
      keyGenerator: (request) => limitKeys.get(request) ?? request.ip,
    });
  const limiters = {
    visitor: limiter(rateLimit.perVisitorPerMinute),
    workspace: limiter(rateLimit.perWorkspacePerMinute),
    session: limiter(rateLimit.sessionsPerMinute),
  };
  /** Counts the request against one limit; 429 resource-exhausted past it. */
  async function limit(kind: keyof typeof limiters, request: FastifyRequest, key: string) {
    limitKeys.set(request, `widget-${kind}:${key}`);
    const result = await limiters[kind](request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
  }
  /** The request's visitor, counted against its own and its workspace's limits. */
  async function visitorOf(request: FastifyRequest): Promise<CustomerRow> {
    const visitor = await requireVisitor(app.db, request);
    await limit('visitor', request, visitor.visitorTokenHash);
    await limit('workspace', request, visitor.workspaceId);
    return visitor;
  }
  const urlOf = (path: string) => app.storage.urlOf(path);

  app.post(
    '/widget/sessions',
    {
      schema: {
        tags,
        summary: 'Start a visitor session (or resume one: its token in Authorization)',
        description:
          'The chatbot is the given one of the workspace, else its first. With a valid visitor ' +
          'token of the workspace in `Authorization: Bearer`, the same visitor is resumed and ' +
          'the identity given is saved (200); otherwise a new visitor is made (201).',
        body: widgetSessionRequestSchema,
        response: {
          200: widgetSessionSchema,
          201: widgetSessionSchema,
          ...errorResponses({
            400: 'invalid-argument',
            404: 'not-found: no such workspace, or no such chatbot in it',
          }),
        },
      },
    },
    async (request, reply) => {
      const { workspaceId, chatbotId, customer: identity = {} } = request.body;
      const token = presentedVisitorToken(request);
      const known = await findVisitor(app.db, token);
      const resumed = known?.workspaceId === workspaceId ? known : undefined;
      if (resumed) await limit('visitor', request, resumed.visitorTokenHash);
      else await limit('session', request, request.ip);
      await limit('workspace', request, workspaceId);

      const session = await writeTransaction(app.db, async (trx) => {
        const workspace = await trx
          .selectFrom('workspaces')
          .select('id')
          .where('id', '=', workspaceId)
          .executeTakeFirst();
        if (!workspace) throw workspaceNotFound(workspaceId);
        let chatbotQuery = trx
          .selectFrom('chatbots')
          .selectAll()
          .where('workspaceId', '=', workspaceId)
          .orderBy('createdAt')
          .orderBy('id');
        if (chatbotId) chatbotQuery = chatbotQuery.where('id', '=', chatbotId);
        const chatbot = await chatbotQuery.executeTakeFirst();
        if (!chatbot) throw chatbotNotFound(chatbotId ?? workspaceId);

        const now = app.identity.now();
        let visitorToken: string;
        let customer: CustomerRow;
        if (resumed && token) {
          visitorToken = token;
          const changed =
            Object.values(identity).some((value) => value !== undefined) ||
            resumed.chatbotId !== chatbot.id;
          customer = changed
            ? await updateCustomer(trx, resumed.id, { identity, chatbotId: chatbot.id }, now)
            : resumed;
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
          chatbot: {
            id: chatbot.id,
            name: chatbot.name,
            photoUrl: chatbot.photoUrl,
            messageBackgroundColor: chatbot.messageBackgroundColor,
          },
          conversation: conversation ?? null,
        };
      });
      return reply.code(resumed ? 200 : 201).send(session);
    },
  );

  app.get(
    '/widget/messages',
    {
      schema: {
        tags,
        summary: "The visitor's latest conversation and its messages, by timestamp",
        response: { 200: widgetConversationSchema, ...errorResponses(visitorErrors) },
      },
    },
    async (request) => {
      const visitor = await visitorOf(request);
      const conversation = await findLatestConversationOfCustomer(app.db, visitor.id);
      return {
        conversation: conversation ?? null,
        messages: conversation ? await listMessages(app.db, conversation.id) : [],
      };
    },
  );

  app.post(
    '/widget/messages',
    {
      schema: {
        tags,
        summary:
          "Send the customer's message (the first one, or one after a resolve, starts a conversation)",
        description:
          'The bot answers afterwards (live) unless an agent has taken the conversation over or ' +
          'it waits for a person. attachments: paths answered by POST /api/widget/attachments.',
        body: widgetMessageRequestSchema,
        response: {
          201: messageSchema,
          ...errorResponses({
            ...visitorErrors,
            400: 'invalid-argument: the message names the offending field',
          }),
        },
      },
    },
    async (request, reply) => {
      const visitor = await visitorOf(request);
      const { message, botShouldAnswer } = await writeTransaction(app.db, (trx) =>
        postCustomerMessage(trx, visitor, request.body, urlOf, app.identity.now()),
      );
      if (botShouldAnswer) {
        app.conversationBot.answer({
          workspaceId: visitor.workspaceId,
          conversationId: message.conversationId,
          text: message.content,
        });
      }
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/widget/handoff',
    {
      schema: {
        tags,
        summary: 'Ask for a person: the conversation waits (pending) for an agent',
        response: { 200: conversationSchema, ...errorResponses(visitorErrors) },
      },
    },
    async (request) => {
      const visitor = await visitorOf(request);
      return writeTransaction(app.db, (trx) => requestHandoff(trx, visitor, app.identity.now()));
    },
  );

  app.post(
    '/widget/attachments',
    {
      schema: {
        tags,
        summary: 'Upload a file (multipart field "file") to the visitor\'s conversation',
        description:
          'Stored as attachments/<conversationId>/<name>; send its path with the next message. ' +
          'Starts a conversation when the visitor has none open.',
        response: {
          201: storedFileSchema,
          ...errorResponses({
            ...visitorErrors,
            400: "invalid-argument: no file, too large, 'Invalid path format.'",
            503: "unavailable: 'Cannot upload to storage'",
          }),
        },
      },
    },
    async (request, reply) => {
      const visitor = await visitorOf(request);
      if (!request.isMultipart()) throw noFile();
      const maxBytes = app.storage.maxUploadBytes;
      let part;
      try {
        part = await request.file({ limits: { fileSize: maxBytes, files: 1, parts: 10 } });
      } catch (err) {
        throw new HttpError(400, `The upload could not be read: ${(err as Error).message}`);
      }
      if (!part || part.fieldname !== 'file') throw noFile();
      // Read first: a file too large or unreadable is refused before any conversation starts.
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(
            400,
            `The file is too large: the limit is ${Math.floor(maxBytes / (1024 * 1024))} MB`,
          );
        }
        throw new HttpError(400, `The upload could not be read: ${(err as Error).message}`);
      }
      const conversation = await writeTransaction(app.db, (trx) =>
        currentConversationOfCustomer(trx, visitor, app.identity.now()),
      );
      const stored = await app.storage.upload(app.db, {
        path: `attachments/${conversation.id}/${uploadedFileName(part.filename)}`,
        caller: { kind: 'visitor', customerId: visitor.id, workspaceId: visitor.workspaceId },
        readFile: async () => bytes,
      });
      return reply.code(201).send(stored);
    },
  );
};
