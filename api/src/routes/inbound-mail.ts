import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receivePostedMail } from '../services/receive-mail';

const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

/**
 * For hosts that receive mail for the business and post it over HTTP: the raw mail
 * (message/rfc822), signed with the inbox's secret as Parley signs its webhooks. Stored as mail
 * received by SMTP is, and committed before the answer.
 */
export const inboundMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { maxBytes } = app.config.inboundMail;
  app.addContentTypeParser(
    'message/rfc822',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.route({
    method: 'POST',
    url: '/inbound-mail/:inboxKey',
    bodyLimit: maxBytes,
    schema: {
      tags: ['e-mail'],
      summary: "A mail for the workspace's inbox, posted by a mail host",
      description:
        'Body: the raw mail (Content-Type: message/rfc822). Headers: X-Parley-Timestamp (unix ' +
        'seconds) and X-Parley-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with ' +
        "the inbox's secret>. 200 once stored; `stored` false for a Message-ID stored already.",
      params: z.object({ inboxKey: z.string().min(1).max(64) }),
    },
    handler: async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await receivePostedMail(
        app.inboundMail.receiving,
        {
          inboxKey: request.params.inboxKey,
          timestamp: headerValue(request.headers['x-parley-timestamp']),
          signature: headerValue(request.headers['x-parley-signature']),
        },
        raw,
      );
      return { stored: stored.stored, conversationId: stored.conversationId };
    },
  });
};
