import { errorCodeForStatus } from 'shared-sdk';
import type { ErrorBody } from 'shared-sdk';

export interface HttpErrorOptions extends ErrorOptions {
  /** Overrides the status's code of product-spec.md §8, e.g. 'auth/wrong-password'. */
  code?: string;
}

/**
 * An error whose message is written for the client. Anything else that reaches the error
 * handler with a 5xx status is answered with "Internal error" (product-spec.md §8 codes, no internals).
 */
export class HttpError extends Error {
  readonly code: string | undefined;

  constructor(
    readonly statusCode: number,
    message: string,
    options?: HttpErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.code = options?.code;
  }
}

/** The one error body of the API: `{ error: { code, message } }`, code from product-spec.md §8. */
export function errorBody(statusCode: number, message: string, code?: string): ErrorBody {
  return { error: { code: code ?? errorCodeForStatus(statusCode), message } };
}
