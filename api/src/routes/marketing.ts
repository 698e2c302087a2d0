import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteEndpoints, type SubmissionReceipt } from 'shared-sdk';
import type { z } from 'zod';
import { contactRequestSchema, demoRequestSchema } from 'shared-sdk/schemas';
import { sendNotFound } from '../errors/error-handler';
import { endpointRoute } from '../http/endpoint-route';
import { formAnswerPage, type FormOutcome } from '../http/form-answer-page';
import { acceptFormBodies, parseFormBody } from '../http/form-body';
import { submitContactRequest, submitDemoRequest } from '../services/site-forms';

const tags = ['marketing'];

// Anyone can post these forms without signing in: a tighter per-address limit keeps spam out.
const submissionLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.submissionsPerMinute,
  timeWindow: '1 minute',
});
const errors = { 400: 'invalid-argument: the message names the offending field' };

/** Public forms of the marketing site (/contact-us, /get-a-demo). */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = submissionLimit(app);

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

type Submit<T> = (db: FastifyInstance['db'], request: T) => Promise<SubmissionReceipt>;

/** A form posted as HTML to its page, `path`, answered with that page. */
function formPageRoute<S extends z.ZodObject>(
  app: FastifyInstance,
  path: string,
  schema: S,
  submit: Submit<z.infer<S>>,
) {
  app.route({
    method: 'POST',
    url: path,
    // The address limit leaves paths outside /api alone (static files): this post is held to
    // the JSON call's limit all the same.
    config: { rateLimit: { ...submissionLimit(app), allowList: () => false } },
    schema: { hide: true },
    handler: async (request, reply) => {
      const page = app.formPages.get(path);
      // Without the prerendered page (a build without the step) there is nothing to answer with.
      if (!page) return sendNotFound(request, reply);
      const parsed = parseFormBody(schema, request.body, page.texts.fieldMessages);
      const outcome: FormOutcome = parsed.ok
        ? {
            kind: 'sent',
            values: parsed.values,
            receiptId: (await submit(app.db, parsed.data)).id,
          }
        : { kind: 'invalid', values: parsed.values, fieldErrors: parsed.fieldErrors };
      const html = formAnswerPage(page, path, outcome);
      if (html === undefined) return sendNotFound(request, reply);
      return reply
        .code(parsed.ok ? 200 : 400)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  });
}

/**
 * The same forms posted as HTML to their pages (issue 46: the prerendered page works without its
 * JavaScript): the same schema, rate limit and service as the JSON calls above, answered with
 * the page: its success text, or the form refilled with the fields' errors.
 */
export const marketingFormPageRoutes: FastifyPluginAsync = async (app) => {
  acceptFormBodies(app);
  formPageRoute(app, '/contact-us', contactRequestSchema, submitContactRequest);
  formPageRoute(app, '/get-a-demo', demoRequestSchema, submitDemoRequest);
};
