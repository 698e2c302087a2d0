import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteEndpoints } from 'shared-sdk';
import { endpointRoute } from '../http/endpoint-route';
import { submitContactRequest, submitDemoRequest } from '../services/site-forms';

const tags = ['marketing'];
const errors = { 400: 'invalid-argument: the message names the offending field' };

/** Public forms of the marketing site (/contact-us, /get-a-demo). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone can post these without signing in: a tighter per-address limit keeps spam out.
  const rateLimit = { max: app.config.rateLimit.submissionsPerMinute, timeWindow: '1 minute' };

  app.route({
    ...endpointRoute(siteEndpoints.contact, { tags, summary: 'Submit the contact form', errors }),
    config: { rateLimit },
    handler: async (request, reply) => {
      const receipt = await submitContactRequest(app.db, request.body);
      return reply.code(201).send(receipt);
    },
  });

  app.route({
    ...endpointRoute(siteEndpoints.demoRequest, {
      tags,
      summary: 'Request a product demo',
      errors,
    }),
    config: { rateLimit },
    handler: async (request, reply) => {
      const receipt = await submitDemoRequest(app.db, request.body);
      return reply.code(201).send(receipt);
    },
  });
};
