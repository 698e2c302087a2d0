import { errorBodySchema } from 'shared-sdk/schemas';

/** Response schemas every /api route may answer with (documented in OpenAPI, product-spec.md §8 shape). */
export const commonErrorResponses = {
  429: errorBodySchema.describe('resource-exhausted: rate limit exceeded'),
  500: errorBodySchema.describe('internal'),
};

export const validationErrorResponses = {
  400: errorBodySchema.describe('invalid-argument: the message names the offending field'),
  ...commonErrorResponses,
};

/** `{ 400: 'what it means', … }` → documented error responses, plus the common ones. */
export function errorResponses(described: Record<number, string>) {
  const documented = Object.fromEntries(
    Object.entries(described).map(([status, description]) => [
      status,
      errorBodySchema.describe(description),
    ]),
  );
  return { ...documented, ...commonErrorResponses };
}

export const signedInErrors = {
  401: 'unauthenticated: no token; auth/user-token-expired: expired, revoked or unknown token',
  403: 'auth/user-disabled',
};
