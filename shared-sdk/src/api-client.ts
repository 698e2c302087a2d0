import { ApiError, errorCodeForStatus, isErrorBody } from './errors';
import { progressMediaType, type ProgressLine, type WriteProgress } from './progress';

// product-spec.md §7: GET calls are retried once on these statuses; other methods are never retried.
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
// product-spec.md §9: network time-out 30 s.
export const requestTimeoutMs = 30_000;
/** An upload carries up to megabytes: it gets longer than a call. */
export const uploadTimeoutMs = 5 * 60_000;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  timeoutMs?: number;
  /** Sees every failed call first (the shell signs the user out on product-spec.md §8's session errors). */
  onError?: (error: ApiError) => void;
}

export interface ApiClient {
  /** One request; the product calls it through `call()` with an endpoint definition. */
  request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T>;
  /** POST of a multipart form (a file upload); like every POST, never retried. */
  upload<T>(path: string, form: FormData): Promise<T>;
  /** One request to a long write that reports its progress as it goes (see progress.ts). */
  requestWithProgress<T>(
    method: HttpMethod,
    path: string,
    body: unknown,
    onProgress: (progress: WriteProgress) => void,
  ): Promise<T>;
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

/** The lines of a response's body as they arrive. */
async function* responseLines(response: Response): AsyncGenerator<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (pending + decoder.decode(value, { stream: true })).split('\n');
    pending = lines.pop()!;
    yield* lines.filter(Boolean);
  }
  if (pending) yield pending;
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
    accept = 'application/json',
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
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

  async function readProgress<T>(
    method: HttpMethod,
    url: string,
    response: Response,
    onProgress: (progress: WriteProgress) => void,
  ): Promise<T> {
    // Refused before the write began (bad input, no access): an ordinary answer.
    if (!response.ok || !response.headers.get('content-type')?.startsWith(progressMediaType)) {
      return read<T>(method, url, response);
    }
    let last: ProgressLine<T> | undefined;
    for await (const line of responseLines(response)) {
      last = JSON.parse(line) as ProgressLine<T>;
      if (last.type === 'progress') onProgress({ done: last.done, total: last.total });
    }
    if (last?.type === 'result') return last.result;
    const error =
      last?.type === 'error'
        ? new ApiError(method, url, last.status, last.error.code, last.error.message)
        : new ApiError(method, url, 0, 'unavailable', 'The answer ended before the write did');
    options.onError?.(error);
    throw error;
  }

  return {
    request,
    async upload(path, form) {
      const url = `${base}${path}`;
      return read('POST', url, await once('POST', url, undefined, form));
    },
    async requestWithProgress(method, path, body, onProgress) {
      const url = `${base}${path}`;
      const response = await once(method, url, body, undefined, progressMediaType);
      return readProgress(method, url, response, onProgress);
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
