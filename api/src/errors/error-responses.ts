import { errorBodySchema } from 'shared-sdk/schemas';

/** Response schemas every /api route may answer with (documented in OpenAPI, spec §8 shape). */
export const commonErrorResponses = {
  429: errorBodySchema.describe('resource-exhausted: rate limit exceeded'),
  500: errorBodySchema.describe('internal'),
};

export const validationErrorResponses = {
  400: errorBodySchema.describe('invalid-argument: the message names the offending field'),
  ...commonErrorResponses,
};
