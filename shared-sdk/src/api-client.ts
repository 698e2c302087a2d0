import { ApiError, errorCodeForStatus, isErrorBody } from './errors';

// spec §7: GET calls are retried once on these statuses; other methods are never retried.
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
// spec §9: network time-out 30 s.
export const requestTimeoutMs = 30_000;
/** An upload carries up to megabytes: it gets longer than a call. */
export const uploadTimeoutMs = 5 * 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  timeoutMs?: number;
  /** Sees every failed call first (the shell signs the user out on spec §8's session errors). */
  onError?: (error: ApiError) => void;
}

export interface ApiClient {
  /** One request; the product calls it through `call()` with an endpoint definition. */
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  /** POST of a multipart form (a file upload); like every POST, never retried. */
  upload<T>(path: string, form: FormData): Promise<T>;
}

/**
 * A success is JSON; a failure may come from a proxy in front of the API (an HTML "413 Request
 * Entity Too Large" page): then only its status is known.
 */
function parseBody(text: string, ok: boolean): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (ok) throw error;
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const base = options.baseUrl.replace(/\/$/, '');

  async function once(
    method: HttpMethod,
    url: string,
    body: unknown,
    // A FormData body is sent as is: fetch sets its multipart content type and boundary.
    form?: FormData,
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await doFetch(url, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
        credentials: 'include',
        signal: AbortSignal.timeout(form ? Math.max(timeoutMs, uploadTimeoutMs) : timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
      throw new ApiError(
        method,
        url,
        0,
        timedOut ? 'deadline-exceeded' : 'unavailable',
        timedOut ? 'The request timed out' : 'The network request failed',
      );
    }
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const url = `${base}${path}`;
    let response = await once(method, url, body);
    if (method === 'GET' && retryableStatuses.has(response.status)) {
      response = await once(method, url, body);
    }
    return read<T>(method, url, response);
  }

  async function read<T>(method: HttpMethod, url: string, response: Response): Promise<T> {
    const text = await response.text();
    const data: unknown = text ? parseBody(text, response.ok) : undefined;
    if (!response.ok) {
      const error = new ApiError(
        method,
        url,
        response.status,
        isErrorBody(data) ? data.error.code : errorCodeForStatus(response.status),
        isErrorBody(data) ? data.error.message : response.statusText,
      );
      options.onError?.(error);
      throw error;
    }
    return data as T;
  }

  return {
    request,
    async upload(path, form) {
      const url = `${base}${path}`;
      return read('POST', url, await once('POST', url, undefined, form));
    },
  };
}

let sharedClient: ApiClient = createApiClient({ baseUrl: '' });

/** The shell sets the page's one client once it knows the runtime configuration. */
export function configureApiClient(options: ApiClientOptions): ApiClient {
  sharedClient = createApiClient(options);
  return sharedClient;
}

/** The page's one API client (shared-sdk is a singleton, so every remote gets the same). */
export function apiClient(): ApiClient {
  return sharedClient;
}
