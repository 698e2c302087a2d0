import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactRequestSchema,
  demoRequestSchema,
  submissionReceiptSchema,
} from 'shared-sdk/schemas';
import { validationErrorResponses } from '../errors/error-responses';
import { insertContactRequest } from '../repositories/contact-requests';
import { insertDemoRequest } from '../repositories/demo-requests';

/** Public forms of the marketing site (/contact-us, /get-a-demo). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone can post these without signing in: a tighter per-address limit keeps spam out.
  const rateLimit = { max: app.config.rateLimit.submissionsPerMinute, timeWindow: '1 minute' };

  app.post(
    '/marketing/contact',
    {
      config: { rateLimit },
      schema: {
        tags: ['marketing'],
        summary: 'Submit the contact form',
        body: contactRequestSchema,
        response: { 201: submissionReceiptSchema, ...validationErrorResponses },
      },
    },
    async (request, reply) => {
      const receipt = await app.db
        .transaction()
        .execute((trx) => insertContactRequest(trx, request.body));
      return reply.code(201).send(receipt);
    },
  );

  app.post(
    '/marketing/demo-requests',
    {
      config: { rateLimit },
      schema: {
        tags: ['marketing'],
        summary: 'Request a product demo',
        body: demoRequestSchema,
        response: { 201: submissionReceiptSchema, ...validationErrorResponses },
      },
    },
    async (request, reply) => {
      const receipt = await app.db
        .transaction()
        .execute((trx) => insertDemoRequest(trx, request.body));
      return reply.code(201).send(receipt);
    },
  );
};
