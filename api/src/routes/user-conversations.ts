import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  markMessagesSeen,
  resolveConversation,
  sendAgentMessage,
  takeOverConversation,
} from '../services/conversations';
import { addConversationNote, assignConversation } from '../services/conversation-inbox';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such conversation in it',
};
const tags = ['conversations'];

/**
 * product-spec.md §2 chat takeover and §7 conversation calls. Workspace admins only (product-spec.md §2: the chat
 * takeover routes need the admin role). Reads are live (collections conversations, messages).
 */
export const userConversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(conversationEndpoints.sendMessage, {
      tags,
      summary: 'Send a message as agent (takes the conversation over: the bot stops answering)',
      description:
        'attachments: paths of files uploaded to attachments/<conversationId>/… (POST ' +
        '/api/storage/upload). A resolved conversation is reopened.',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, ...message } = request.body;
      const member = await memberRead(app, request, workspaceId, 'admin');
      const sent = await sendAgentMessage(
        app.db,
        { workspaceId, agentId: member.userId, ...message },
        (path) => app.storage.urlOf(path),
        app.identity.now(),
      );
      return reply.code(201).send(sent);
    },
  });

  app.route({
    ...endpointRoute(conversationEndpoints.takeOver, {
      tags,
      summary: 'Take the conversation over: the agent joins agentIds, the bot stops answering',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, member, now }) =>
        takeOverConversation(trx, { ...request.body, agentId: member.userId }, now),
      ),
  });

  app.route({
    ...endpointRoute(conversationEndpoints.seenMessage, {
      tags,
      summary: "Record how many of the conversation's messages the agent has seen",
      description: 'Kept per user; never more than the messages there are, never lowered.',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, member, now }) =>
        markMessagesSeen(trx, { ...request.body, agentId: member.userId }, now),
      ),
  });

  app.route({
    ...endpointRoute(conversationEndpoints.resolve, {
      tags,
      summary: 'Resolve the conversation (the statistics count it as resolved)',
      errors,
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, member, now }) =>
        resolveConversation(trx, { ...request.body, agentId: member.userId }, now),
      ),
  });

  app.route({
    ...endpointRoute(conversationEndpoints.assign, {
      tags,
      summary: 'Assign the conversation to an active member of the workspace, or unassign it',
      description:
        'assigneeId null unassigns. The takeover list filters on assigneeId (live ' +
        'conversations where assigneeId == a user id, or == null).',
      errors: {
        ...errors,
        400: 'invalid-argument: a field, or the assignee is not an active member of the workspace',
      },
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, member }) =>
        assignConversation(trx, { ...request.body, agentId: member.userId }),
      ),
  });

  app.route({
    ...endpointRoute(conversationEndpoints.createNote, {
      tags,
      summary: 'Add a private note to the conversation (members only; never the customer)',
      description:
        'Notes are read live in the conversation_notes collection; the widget cannot read it, ' +
        'and notes are not messages (not in GET /api/widget/messages, not counted).',
      errors,
    }),
    handler: async (request, reply) => {
      const { content, ...call } = request.body;
      const note = await memberWrite(app, request, call.workspaceId, 'admin', ({ trx, member }) =>
        addConversationNote(trx, { ...call, content, agentId: member.userId }),
      );
      return reply.code(201).send(note);
    },
  });
};
