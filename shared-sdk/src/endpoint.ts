import type { z } from 'zod';
import { apiClient } from './api-client';
import type { ApiClient, HttpMethod } from './api-client';
import { ApiError, databaseFailures, type DatabaseFailure } from './errors';
// Types only: the browser never loads zod to make a call. The API reads the schemas by the names
// an endpoint gives, from 'shared-sdk/schemas'.
import type { WriteProgress } from './progress';
import type * as schemas from './schemas';

type Schemas = typeof schemas;
/** The name of an exported zod schema of `shared-sdk/schemas`. */
export type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];

/**
 * One call of the API, written once: its method, its path (`:name` marks a path parameter), and
 * the schemas of what it takes and answers, by name. The API registers its route from this
 * definition and validates with those schemas; the browser calls it with `call()` and gets the
 * types inferred from the same schemas.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  /** The JSON body (POST, PATCH, DELETE). */
  readonly body?: SchemaName;
  /** The query string (GET). */
  readonly query?: SchemaName;
  /** The path parameters. */
  readonly params?: SchemaName;
  /** The success answer; none: 204 No Content. */
  readonly response?: SchemaName;
  /** The success status when it is not 200 (201 for a create). */
  readonly status?: 200 | 201;
  /** product-spec.md §8's message for this call's data when the server fails to read or write it. */
  readonly databaseFailure?: DatabaseFailure;
}

export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type InputOf<N> = N extends SchemaName ? z.input<Schemas[N]> : unknown;
type OutputOf<N> = N extends SchemaName ? z.output<Schemas[N]> : void;
type Part<E extends Endpoint, K extends 'body' | 'query' | 'params'> = E[K] extends SchemaName
  ? InputOf<E[K]>
  : unknown;

/** What a caller passes: the body or the query, and the path parameters, in one object. */
export type EndpointInput<E extends Endpoint> = Part<E, 'body'> &
  Part<E, 'query'> &
  Part<E, 'params'>;
/** What a call answers once the API has validated it against the response schema. */
export type EndpointOutput<E extends Endpoint> = OutputOf<E['response']>;

/** A call's arguments after the definition: the input when the endpoint takes one, else none. */
export type EndpointArgs<E extends Endpoint> = E extends
  { body: SchemaName } | { query: SchemaName } | { params: SchemaName }
  ? [input: EndpointInput<E>]
  : [];

// encodeURIComponent rather than URLSearchParams: a space is %20 (a "+" would be read as a plus
// by a server that does not decode form encoding).
function toQueryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** The request an endpoint makes for `input`: path parameters filled in, the rest sent as query or body. */
export function endpointRequest(
  definition: Endpoint,
  input: Record<string, unknown> = {},
): { method: HttpMethod; path: string; body?: unknown } {
  const rest = { ...input };
  const path = definition.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key];
    if (value === undefined || value === null) {
      throw new Error(`${definition.method} ${definition.path} needs the parameter ${key}`);
    }
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  if (definition.query) return { method: definition.method, path: path + toQueryString(rest) };
  return {
    method: definition.method,
    path,
    body: definition.body ? rest : undefined,
  };
}

/** Calls `definition` with the page's API client (or `client`): the one way the browser calls the API. */
export function call<E extends Endpoint>(
  definition: E,
  ...input: EndpointArgs<E>
): Promise<EndpointOutput<E>> {
  return callWith(apiClient(), definition, ...input);
}

export function callWith<E extends Endpoint>(
  client: ApiClient,
  definition: E,
  ...input: EndpointArgs<E>
): Promise<EndpointOutput<E>> {
  const [body] = input as unknown[];
  const request = endpointRequest(definition, body as Record<string, unknown> | undefined);
  const response = client.request<EndpointOutput<E>>(request.method, request.path, request.body);
  const failure = definition.databaseFailure && databaseFailures[definition.databaseFailure];
  if (!failure) return response;
  // A server failure of this call (a proxy's 502 included) is product-spec.md §8's text for its data.
  return response.catch((error: unknown) => {
    if (!(error instanceof ApiError) || error.status < 500) throw error;
    throw new ApiError(error.method, error.url, error.status, failure.code, failure.message);
  });
}

/**
 * Calls a long write (the products import) asking for its progress: `onProgress` hears how far
 * it is while it runs; resolves with the call's answer as `call()` does.
 */
export function callWithProgress<E extends Endpoint>(
  definition: E,
  input: EndpointInput<E>,
  onProgress: (progress: WriteProgress) => void,
): Promise<EndpointOutput<E>> {
  const request = endpointRequest(definition, input as Record<string, unknown>);
  return apiClient().requestWithProgress<EndpointOutput<E>>(
    request.method,
    request.path,
    request.body,
    onProgress,
  );
}
