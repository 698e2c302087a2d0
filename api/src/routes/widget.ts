import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageEndpoints, widgetEndpoints } from 'shared-sdk';
import { widgetSessionSchema } from 'shared-sdk/schemas';
import { endpointRoute } from '../http/endpoint-route';
import { readUploadedFile } from '../http/uploaded-file';
import { writeTransaction } from '../live/write-transaction';
import {
  currentConversationOfCustomer,
  postCustomerMessage,
  requestHandoff,
} from '../services/customer-messages';
import { rateConversation } from '../services/conversation-inbox';
import { chooseSuggestion } from '../services/bot-suggestions';
import {
  endVisitorToken,
  latestConversationOfVisitor,
  startVisitorSession,
} from '../services/visitors';
import { WidgetSightings } from '../services/widget-sightings';
import { widgetLauncher } from '../services/chatbots';
import { savePreChatAnswers } from '../services/pre-chat';
import { pageOriginOf, visitorOf, widgetScope } from './widget-scope';

const visitorErrors = {
  401: 'unauthenticated: no visitor token, or an unknown one (start a session)',
};
/** The visitor's own calls: the visitor of the token presented (widget-scope.ts). */
const visitorCall = { widgetCaller: 'required' } as const;

/**
 * The customer chat widget's calls (shared-sdk schemas/widget.ts): public, authenticated by the
 * visitor token (`Authorization: Bearer pv_…`) that POST sessions hands out, which reaches
 * only its own customer's conversations. The same token signs the widget in on /api/live.
 * CORS, the caller and the limits that bound abuse are the scope's (widget-scope.ts).
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['widget'];
  // Here only, as for storage uploads: multipart bodies are read nowhere else.
  await app.register(fastifyMultipart);
  await app.register(widgetScope);

  const urlOf = (path: string) => app.storage.urlOf(path);
  const sightings = new WidgetSightings(app.db, app.identity.now);

  const session = endpointRoute(widgetEndpoints.session, {
    tags,
    summary: 'Start a visitor session (or resume one: its token in Authorization)',
    description:
      'The chatbot is the given one of the workspace, else its first. With a valid visitor ' +
      'token of the workspace in `Authorization: Bearer`, the same visitor is resumed and ' +
      'the identity given is saved (200); otherwise a new visitor is made (201). An identify ' +
      'with userId and a valid userHash (widget/README.md) makes the visitor the customer of ' +
      'that user id, with a token of its own for this browser (201 when it is a new token); ' +
      '`identity` says whether it was verified and saved, and if not, why.',
    errors: {
      400: 'invalid-argument',
      404: 'not-found: no such workspace, or no such chatbot in it',
    },
  });
  app.route({
    ...session,
    config: { widgetCaller: 'resumable' },
    // Resuming answers 200, a new visitor 201: both carry the session.
    schema: {
      ...session.schema,
      response: { ...session.schema.response, 201: widgetSessionSchema },
    },
    handler: async (request, reply) => {
      const { workspaceId } = request.body;
      const { visitor, resumedToken: token } = request;
      const resumed = visitor && token ? { visitor, token } : undefined;
      const started = await writeTransaction(app.db, (trx) =>
        startVisitorSession(trx, request.body, resumed, app.identity.now()),
      );
      const origin = pageOriginOf(request.body.pageOrigin, request.headers.origin);
      if (origin) {
        // Telling the admin where the widget runs must never cost the visitor the chat.
        await sightings.seen(workspaceId, origin).catch((error: unknown) => {
          request.log.warn(
            { err: error, workspaceId },
            'could not record where the widget was seen',
          );
        });
      }
      return reply.code(started.visitorToken === token ? 200 : 201).send(started);
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.logout, {
      tags,
      summary: "Parley.logout(): end the visitor's token",
      description:
        'For a shared computer: the token reaches nothing any more (its live connection is ' +
        "closed too); the browser's next session is a new, anonymous visitor. A verified " +
        "customer's other browsers and devices stay signed in.",
      errors: visitorErrors,
    }),
    config: visitorCall,
    handler: async (request, reply) => {
      const visitor = visitorOf(request);
      await writeTransaction(app.db, (trx) => endVisitorToken(trx, visitor));
      return reply.code(204).send();
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.conversation, {
      tags,
      summary: "The visitor's latest conversation and its messages, by timestamp",
      errors: visitorErrors,
    }),
    config: visitorCall,
    handler: async (request) => {
      const visitor = visitorOf(request);
      return latestConversationOfVisitor(app.db, visitor);
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.sendMessage, {
      tags,
      summary:
        "Send the customer's message (the first one, or one after a resolve, starts a conversation)",
      description:
        'The bot answers afterwards (live) unless an agent has taken the conversation over or ' +
        'it waits for a person. attachments: paths answered by POST /api/widget/attachments.',
      errors: { ...visitorErrors, 400: 'invalid-argument: the message names the offending field' },
    }),
    config: visitorCall,
    handler: async (request, reply) => {
      const visitor = visitorOf(request);
      const { message, botShouldAnswer, botAnswered } = await postCustomerMessage(
        app.db,
        visitor,
        request.body,
        urlOf,
        app.identity.now(),
      );
      if (botShouldAnswer) {
        app.conversationBot.answer({
          workspaceId: visitor.workspaceId,
          conversationId: message.conversationId,
          messageId: message.id,
          text: message.content,
          botAnswered,
        });
      }
      return reply.code(201).send(message);
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.preChat, {
      tags,
      summary: "Save the visitor's answers to the chatbot's pre-chat form on their customer record",
      description:
        'Checked against the form: a required answer left blank is refused (400), a question ' +
        'the form does not ask is ignored. Agents see the answers on the conversation.',
      errors: { ...visitorErrors, 400: 'invalid-argument: the message names the offending field' },
    }),
    config: visitorCall,
    handler: async (request) => {
      const visitor = visitorOf(request);
      return writeTransaction(app.db, (trx) =>
        savePreChatAnswers(trx, visitor, request.body, app.identity.now()),
      );
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.launcher, {
      tags,
      summary: "The launcher's place, label and colour, for the loader before the window opens",
      description: 'Public: what any visitor of the page sees anyway. No visitor is made.',
      errors: { 400: 'invalid-argument', 404: 'not-found: no such workspace or chatbot' },
    }),
    handler: async (request, reply) => {
      // Asked on every page view of the business's site: only the per-address limit of every
      // /api call applies, so page views never eat the workspace's budget for chats.
      const { workspaceId, chatbotId } = request.query;
      const launcher = await widgetLauncher(app.db, workspaceId, chatbotId);
      // Short: an admin's change reaches new page views within a minute (open windows at once).
      reply.header('cache-control', 'public, max-age=60');
      return launcher;
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.handoff, {
      tags,
      summary: 'Ask for a person: the conversation waits (pending) for an agent',
      errors: visitorErrors,
    }),
    config: visitorCall,
    handler: async (request) => {
      const visitor = visitorOf(request);
      return writeTransaction(app.db, (trx) => requestHandoff(trx, visitor, app.identity.now()));
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.suggestion, {
      tags,
      summary:
        'Choose one of the bot\'s "Did you mean…" suggestions, or "None of these" (pairId null)',
      description:
        "Once per message of the visitor's current conversation that offered suggestions. A " +
        'suggested pair is asked and answered at once; "None of these" asks for a person.',
      errors: {
        ...visitorErrors,
        400: 'invalid-argument: a pair the message did not suggest, chosen already, or a person answers now',
        404: "not-found: no message with suggestions of that id in the visitor's conversation",
      },
    }),
    config: visitorCall,
    handler: async (request) => {
      const visitor = visitorOf(request);
      return writeTransaction(app.db, (trx) =>
        chooseSuggestion(trx, visitor, request.body, app.identity.now()),
      );
    },
  });

  app.route({
    ...endpointRoute(widgetEndpoints.rate, {
      tags,
      summary:
        "Rate the visitor's latest resolved conversation (1 to 5, an optional comment), once",
      description:
        "The rating shows on the conversation and in the workspace's statistics (ratings).",
      errors: {
        ...visitorErrors,
        400: 'invalid-argument: the rating or comment, no resolved conversation yet, or already rated',
      },
    }),
    config: visitorCall,
    handler: async (request) => {
      const visitor = visitorOf(request);
      return writeTransaction(app.db, (trx) =>
        rateConversation(trx, visitor, request.body, app.identity.now()),
      );
    },
  });

  app.route({
    ...endpointRoute(storageEndpoints.widgetAttachment, {
      tags,
      summary: 'Upload a file (multipart field "file") to the visitor\'s conversation',
      description:
        'Stored as attachments/<conversationId>/<name>; send its path with the next message. ' +
        'Starts a conversation when the visitor has none open.',
      errors: {
        ...visitorErrors,
        400: "invalid-argument: no file, too large, 'Invalid path format.'",
        503: "unavailable: 'Cannot upload to storage'",
      },
    }),
    config: visitorCall,
    handler: async (request, reply) => {
      const visitor = visitorOf(request);
      // Read first: a file too large or unreadable is refused before any conversation starts.
      const { bytes, fileName } = await readUploadedFile(request, app.storage.maxUploadBytes);
      const conversation = await writeTransaction(app.db, (trx) =>
        currentConversationOfCustomer(trx, visitor, app.identity.now()),
      );
      const stored = await app.storage.upload(app.db, {
        path: `attachments/${conversation.id}/${fileName}`,
        caller: { kind: 'visitor', customerId: visitor.id, workspaceId: visitor.workspaceId },
        readFile: async () => bytes,
      });
      return reply.code(201).send(stored);
    },
  });
};
