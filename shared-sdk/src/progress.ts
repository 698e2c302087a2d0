import type { ErrorBody } from './errors';

/**
 * A long write that reports how far it is (the products import): asked for with this Accept,
 * the answer is one JSON object per line, progress lines and then a result or an error line.
 * The status and headers leave before the write ends, so a failure after the first progress
 * line comes as an error line (with the status it would have had) rather than as an HTTP status.
 */
export const progressMediaType = 'application/x-ndjson';

export interface WriteProgress {
  done: number;
  total: number;
}

export type ProgressLine<T> =
  | ({ type: 'progress' } & WriteProgress)
  | { type: 'result'; result: T }
  | ({ type: 'error'; status: number } & ErrorBody);
