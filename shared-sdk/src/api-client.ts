import { ApiError, errorCodeForStatus, isErrorBody } from './errors';

// spec §7: GET calls are retried once on these statuses; other methods are never retried.
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
// spec §9: network time-out 30 s.
export const requestTimeoutMs = 30_000;

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
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string, body?: unknown): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const base = options.baseUrl.replace(/\/$/, '');

  async function once(method: HttpMethod, url: string, body: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
        signal: AbortSignal.timeout(timeoutMs),
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
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
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
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path, body) => request('DELETE', path, body),
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
