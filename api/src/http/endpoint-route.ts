import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseFailures, type Endpoint, type SchemaName } from 'shared-sdk';
import * as schemas from 'shared-sdk/schemas';
import { wellFormedText } from 'shared-sdk/schemas';
import { z } from 'zod';
import { handleError } from '../errors/error-handler';
import { errorResponses } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';

type Schemas = typeof schemas;
type SchemaOf<N> = N extends SchemaName ? Schemas[N] : never;
type SuccessStatus<E extends Endpoint> = E['response'] extends SchemaName
  ? E['status'] extends 201
    ? 201
    : 200
  : 204;

const noContent = z.void().describe('No content');

export interface EndpointDoc {
  tags: string[];
  summary: string;
  description?: string;
  /** What each error status means here (documented in OpenAPI, product-spec.md §8 shape). */
  errors: Record<number, string>;
  /**
   * The handler itself refuses every text but the shapes it takes, with the spec's own message
   * (storage paths: 'Invalid path format.'), U+0000 included.
   */
  handlerChecksText?: true;
}

type EndpointSchema<E extends Endpoint> = {
  tags: string[];
  summary: string;
  description?: string;
  body: SchemaOf<E['body']>;
  querystring: SchemaOf<E['query']>;
  params: SchemaOf<E['params']>;
  response: {
    [S in SuccessStatus<E>]: E['response'] extends SchemaName
      ? SchemaOf<E['response']>
      : typeof noContent;
  };
};

/**
 * The method, URL and schemas of a route, all read from its shared-sdk endpoint definition: the
 * API validates with exactly the schemas the browser's types come from. The URL is relative to
 * the `/api` prefix the routes are registered under.
 */
export function endpointRoute<const E extends Endpoint>(definition: E, doc: EndpointDoc) {
  const success = definition.response ? (definition.status ?? 200) : 204;
  // Every part a caller sends refuses U+0000 and unpaired surrogates (product-spec.md §8 invalid-argument).
  const checked = <S extends z.ZodType>(part: S) =>
    doc.handlerChecksText ? part : wellFormedText(part);
  const schema = {
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(definition.body ? { body: checked(schemas[definition.body]) } : {}),
    ...(definition.query ? { querystring: checked(schemas[definition.query]) } : {}),
    ...(definition.params ? { params: checked(schemas[definition.params]) } : {}),
    response: {
      [success]: definition.response ? schemas[definition.response] : noContent,
      ...errorResponses(doc.errors),
    },
  };
  return {
    method: definition.method,
    url: definition.path.replace(/^\/api/, ''),
    schema: schema as unknown as EndpointSchema<E>,
    ...(definition.databaseFailure
      ? { errorHandler: databaseFailureHandler(definition.databaseFailure) }
      : {}),
  };
}

/**
 * product-spec.md §8's message for a call whose data could not be read or written: an error nobody wrote
 * for the caller (the database gone, a query failing) is told as the call's database failure,
 * its cause logged. Errors meant for the caller (a 4xx, a refusal) pass as they are.
 */
function databaseFailureHandler(name: NonNullable<Endpoint['databaseFailure']>) {
  const failure = databaseFailures[name];
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const unexpected =
      !(error instanceof HttpError) &&
      !(typeof error.statusCode === 'number' && error.statusCode < 500);
    if (!unexpected) return handleError(error, request, reply);
    const told = new HttpError(failure.status, failure.message, {
      code: failure.code,
      cause: error,
    });
    return handleError(told as FastifyError, request, reply);
  };
}
