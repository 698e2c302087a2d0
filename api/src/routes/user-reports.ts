import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportConversationsCsvPath, reportEndpoints } from 'shared-sdk';
import { reportQuerySchema, wellFormedText } from 'shared-sdk/schemas';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead } from '../http/member-write';
import {
  readReport,
  readReportConversations,
  reportConversationsCsv,
} from '../reports/report-service';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field (a range over 400 days, or ending before it starts: query.to)',
  403: 'permission-denied: agents may not read reports',
  404: 'not-found: no such workspace, or not a member of it',
};
const tags = ['Reports'];

/** A CSV streamed as it is written: only the batch being read is held, however long the file. */
function sendCsv(reply: FastifyReply, fileName: string, lines: AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/**
 * Reports (admins): how fast the workspace answers, how much the bot resolves, how happy
 * customers are, over local days of the workspace's time zone, beside the period before.
 */
export const userReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(reportEndpoints.report, {
      tags,
      summary: "A range's report beside the previous period of the same length (admins)",
      description:
        'from and to are local days of the workspace (its first chatbot’s business-hours time ' +
        'zone), both included; or days: the last days, today included. At most 400 days.',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return readReport(app.db, workspaceId, request.query, app.identity.now());
    },
  });

  app.route({
    ...endpointRoute(reportEndpoints.conversations, {
      tags,
      summary: 'The conversations behind a figure: a day, a weekday hour, an agent (admins)',
      description: 'Created in the range, oldest first, at most limit.',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return readReportConversations(app.db, workspaceId, request.query, app.identity.now());
    },
  });

  app.get(
    reportConversationsCsvPath.replace(/^\/api/, ''),
    {
      schema: {
        tags,
        summary: 'One CSV row per conversation created in the range, streamed (admins)',
        querystring: wellFormedText(reportQuerySchema),
        response: errorResponses(errors),
      },
    },
    async (request, reply) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      const lines = reportConversationsCsv(app.db, workspaceId, request.query, app.identity.now());
      return sendCsv(reply, 'conversations.csv', lines);
    },
  );
};
