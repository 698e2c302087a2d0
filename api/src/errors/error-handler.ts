import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from 'shared-sdk';
import { errorBody, HttpError } from './http-error';

/**
 * What a failure is answered with: its status and `{ error: { code, message } }` (product-spec.md §8). A
 * 5xx is logged here, and the caller gets only what was written for them.
 */
export function errorAnswer(
  error: FastifyError,
  request: FastifyRequest,
): { statusCode: number; body: ErrorBody } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'request';
    if (
      request.routeOptions.config?.authEmail &&
      context === 'body' &&
      error.validation.some((issue) => issue.instancePath === '/email')
    ) {
      return {
        statusCode: 400,
        body: errorBody(400, 'Please enter a valid e-mail address.', 'auth/invalid-email'),
      };
    }
    // e.g. "body.email: Please enter a valid e-mail address" — names the field, as forms need.
    const message = error.validation
      .map((issue) => {
        const field = issue.instancePath.split('/').filter(Boolean).join('.');
        return `${field ? `${context}.${field}` : context}: ${issue.message}`;
      })
      .join('; ');
    return { statusCode: 400, body: errorBody(400, message) };
  }

  const statusCode =
    typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;

  if (statusCode >= 500) {
    const cause = error instanceof HttpError && error.cause !== undefined ? error.cause : error;
    request.log.error({ err: cause }, 'request failed');
    if (!(error instanceof HttpError)) {
      return { statusCode, body: errorBody(statusCode, 'Internal error') };
    }
    return { statusCode, body: errorBody(statusCode, error.message, error.code) };
  }

  // 4xx errors from Fastify and its plugins (bad JSON, body too large, rate limit) carry
  // messages meant for the caller. Only ours carry a code: Fastify's (FST_ERR_…) are internal.
  const code = error instanceof HttpError ? error.code : undefined;
  return { statusCode, body: errorBody(statusCode, error.message, code) };
}

/** Central error handler: every failure leaves as `{ error: { code, message } }` (product-spec.md §8). */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = errorAnswer(error, request);
  return reply.code(statusCode).send(body);
}

/** 404 for anything no route or static file answers. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
}
