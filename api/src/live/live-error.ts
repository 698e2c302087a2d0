/**
 * Error codes of the live protocol: product-spec.md §8's function-call codes, sent as
 * `{ type: 'error', id?, code, message }`. With an id, that subscription has ended.
 */
export type LiveErrorCode =
  | 'invalid-argument'
  | 'unauthenticated'
  | 'permission-denied'
  | 'not-found'
  | 'resource-exhausted'
  | 'unavailable';

/** A refusal whose message is written for the client. */
export class LiveError extends Error {
  constructor(
    readonly code: LiveErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LiveError';
  }
}
