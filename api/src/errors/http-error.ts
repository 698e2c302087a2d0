import { errorCodeForStatus } from 'shared-sdk';
import type { ErrorBody } from 'shared-sdk';

/**
 * An error whose message is written for the client. Anything else that reaches the error
 * handler with a 5xx status is answered with "Internal error" (spec §8 codes, no internals).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** The one error body of the API: `{ error: { code, message } }`, code from spec §8. */
export function errorBody(statusCode: number, message: string): ErrorBody {
  return { error: { code: errorCodeForStatus(statusCode), message } };
}
