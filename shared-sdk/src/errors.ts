// product-spec.md §8: function-call errors map HTTP statuses to these codes.
export const errorCodeByStatus = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  429: 'resource-exhausted',
  500: 'internal',
  503: 'unavailable',
  504: 'deadline-exceeded',
} as const;

export type ErrorStatus = keyof typeof errorCodeByStatus;
export type ErrorCode = (typeof errorCodeByStatus)[ErrorStatus];

export const statusByErrorCode = Object.fromEntries(
  Object.entries(errorCodeByStatus).map(([status, code]) => [code, Number(status)]),
) as Record<ErrorCode, ErrorStatus>;

/** The code for any HTTP status: the spec's table, else the nearest class. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status in errorCodeByStatus) return errorCodeByStatus[status as ErrorStatus];
  return status >= 500 ? 'internal' : 'invalid-argument';
}

/**
 * product-spec.md §8's database messages, each the failure of one kind of read or write of stored data: a
 * call that names one (its endpoint's `databaseFailure`) answers with it when its data cannot be
 * read or written, and the browser shows it for any server failure of that call.
 */
export const databaseFailures = {
  storeUser: { status: 500, code: 'db/unknown', message: 'Failed to store user data' },
  fetchUser: { status: 503, code: 'db/unavailable', message: 'Cannot fetch user data' },
  updateUser: { status: 503, code: 'db/unavailable', message: 'Cannot update user data' },
  fetchWorkspaces: {
    status: 503,
    code: 'db/unavailable',
    message: 'Cannot fetch workspaces data',
  },
  fetchUsers: { status: 503, code: 'db/unavailable', message: 'Cannot fetch users data' },
} as const;

export type DatabaseFailure = keyof typeof databaseFailures;

export interface ErrorBody {
  error: { code: string; message: string };
}

/** Every API error answers with this body (its zod schema is `errorBodySchema`). */
export function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null || !('error' in data)) return false;
  const { error } = data as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ErrorBody['error']).code === 'string' &&
    typeof (error as ErrorBody['error']).message === 'string'
  );
}

/** A failed call, carrying what product-spec.md §8 asks the HTTP client error to show: method, URL and status. */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly code: string,
    readonly serverMessage: string,
  ) {
    super(`${method} ${url} failed with status ${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

/**
 * A page that cannot be shown throws this while rendering; the shell's boundary shows the error
 * page for `status` (product-spec.md §8: error page keyed by status code; 404 'Page Not Found: {path}').
 */
export class PageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PageError';
  }
}

export const pageNotFound = (path: string) => new PageError(404, `Page Not Found: ${path}`);

/**
 * product-spec.md §5: a list's `page` query, if present, is one whole number of at least 1 ("2.5", "1e3",
 * " 3" or two `page` values are not); anything else is the 404 page for `path`.
 */
export function parsePageParam(search: URLSearchParams, path: string): number {
  const values = search.getAll('page');
  const text = values[0];
  if (values.length > 1 || (text !== undefined && !/^\d+$/.test(text))) throw pageNotFound(path);
  const page = text === undefined ? 1 : Number(text);
  if (!Number.isSafeInteger(page) || page < 1) throw pageNotFound(path);
  return page;
}
