import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationRequestSchema,
  conversationSchema,
  messageSchema,
  seenMessageRequestSchema,
  sendMessageRequestSchema,
} from 'shared-sdk/schemas';
import { requireMember, requireUser } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { writeTransaction } from '../live/write-transaction';
import {
  markMessagesSeen,
  resolveConversation,
  sendAgentMessage,
  takeOverConversation,
} from '../services/conversations';

const conversationErrors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such conversation in it',
};

/**
 * spec §2 chat takeover and §7 conversation calls. Workspace admins only (spec §2: the chat
 * takeover routes need the admin role). Reads are live (collections conversations, messages).
 */
export const userConversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['conversations'];

  app.post(
    '/user/messages',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Send a message as agent (takes the conversation over: the bot stops answering)',
        description:
          'attachments: paths of files uploaded to attachments/<conversationId>/… (POST ' +
          '/api/storage/upload). A resolved conversation is reopened.',
        body: sendMessageRequestSchema,
        response: { 201: messageSchema, ...errorResponses(conversationErrors) },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const { workspaceId, conversationId, content, form, attachments } = request.body;
      const message = await writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        return sendAgentMessage(
          trx,
          { workspaceId, conversationId, agentId: id, content, form, attachments },
          (path) => app.storage.urlOf(path),
          app.identity.now(),
        );
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/user/take-over-conversation',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Take the conversation over: the agent joins agentIds, the bot stops answering',
        body: conversationRequestSchema,
        response: { 200: conversationSchema, ...errorResponses(conversationErrors) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const { workspaceId, conversationId } = request.body;
      return writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        return takeOverConversation(
          trx,
          { workspaceId, conversationId, agentId: id },
          app.identity.now(),
        );
      });
    },
  );

  app.post(
    '/user/seen-message',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: "Record how many of the conversation's messages the agent has seen",
        description: 'Kept per user; never more than the messages there are, never lowered.',
        body: seenMessageRequestSchema,
        response: { 200: conversationSchema, ...errorResponses(conversationErrors) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const { workspaceId, conversationId, messagesSeenCount } = request.body;
      return writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        return markMessagesSeen(trx, {
          workspaceId,
          conversationId,
          agentId: id,
          messagesSeenCount,
        });
      });
    },
  );

  app.post(
    '/user/resolve-conversation',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Resolve the conversation (the statistics count it as resolved)',
        body: conversationRequestSchema,
        response: { 200: conversationSchema, ...errorResponses(conversationErrors) },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const { workspaceId, conversationId } = request.body;
      return writeTransaction(app.db, async (trx) => {
        await requireMember(trx, id, workspaceId, { role: 'admin' });
        return resolveConversation(
          trx,
          { workspaceId, conversationId, agentId: id },
          app.identity.now(),
        );
      });
    },
  );
};
