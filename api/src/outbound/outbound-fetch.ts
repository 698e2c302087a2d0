import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { checkAddress, isAllowedHost } from './address-check';
import type {
  AllowedHost,
  OutboundFetch,
  OutboundRequestOptions,
  OutboundResponse,
} from './outbound-types';
import { OutboundError } from './outbound-types';

/** Every address a host name has, as `dns.promises.lookup(host, { all: true })` answers. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export interface OutboundFetchConfig {
  /** OUTBOUND_ALLOW_HOSTS: reached even when they resolve to private addresses. */
  allowHosts: AllowedHost[];
  userAgent: string;
  /** Tests answer host names without DNS. */
  resolve?: Resolve;
}

const defaultTimeoutMs = 15_000;
const defaultMaxRedirects = 5;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const decoders: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** One call of the fetch: its options and the signal that ends it (timeout or caller's abort). */
interface Call {
  options: OutboundRequestOptions;
  signal: AbortSignal;
}

const defaultResolve: Resolve = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The one way the API fetches an address a user typed: see outbound-types.ts. */
export function createOutboundFetch(config: OutboundFetchConfig): OutboundFetch {
  const resolve = config.resolve ?? defaultResolve;
  return async (url, options) => {
    // One signal for the whole request, redirects included; its reason is the error to throw.
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    const timedOut = new OutboundError('timeout', `No answer within ${timeoutMs / 1000} s`);
    const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
    const onAbort = () =>
      controller.abort(new OutboundError('aborted', 'The request was cancelled'));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await follow(parseTarget(url), { options, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  };

  async function follow(start: URL, call: Call): Promise<OutboundResponse> {
    const { options } = call;
    const maxRedirects = options.maxRedirects ?? defaultMaxRedirects;
    const seen = new Set<string>();
    for (let url = start, redirects = 0; ; redirects += 1) {
      seen.add(withoutHash(url));
      const response = await send(url, call);
      const location = response.headers.location;
      // A webhook's 3xx is its answer: following it would re-send (or drop) the POST body, so
      // every followed hop is a GET and 303's POST-to-GET rule never comes up.
      if (!redirectStatuses.has(response.statusCode ?? 0) || !location || options.post) {
        return readResponse(url, response, call);
      }
      response.destroy();
      const next = parseTarget(location, url);
      if (seen.has(withoutHash(next))) {
        const loop = `A redirect loop: ${url.href} redirects back to ${next.href}`;
        throw new OutboundError('too-many-redirects', loop);
      }
      if (redirects >= maxRedirects) {
        throw new OutboundError('too-many-redirects', `Gave up after ${maxRedirects} redirects`);
      }
      if (options.allowRedirect && !options.allowRedirect(next)) {
        throw new OutboundError('redirect-refused', `Refused the redirect to ${next.href}`);
      }
      url = next;
    }
  }

  async function send(url: URL, { options, signal }: Call): Promise<IncomingMessage> {
    signal.throwIfAborted();
    const host = bareHost(url);
    const targets = await checkedAddresses(url, host, signal);
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), one otherwise;
    // either way it gets the addresses checked above and never resolves the name again.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, targets);
      else callback(null, targets[0]!.address, targets[0]!.family);
    };
    const headers: OutgoingHttpHeaders = {
      ...options.post?.headers,
      'user-agent': config.userAgent,
      accept: options.accept ?? '*/*',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (options.post) {
      headers['content-type'] = options.post.contentType;
      headers['content-length'] = Buffer.byteLength(options.post.body);
    }
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        {
          protocol: url.protocol,
          // The name, not the address: the Host header and TLS (SNI, certificate) need it.
          hostname: host,
          servername: net.isIP(host) ? undefined : host,
          port: portOf(url),
          path: `${url.pathname}${url.search}`,
          method: options.post ? 'POST' : 'GET',
          headers,
          lookup,
          // A pooled socket would skip the check above; one connection per request instead.
          agent: false,
        },
        (response) => {
          signal.removeEventListener('abort', abort);
          resolve(response);
        },
      );
      // Not the request's own `signal` option: Node refuses an AbortSignal from another realm
      // (jest's vm), so the request is destroyed by hand.
      const abort = () => request.destroy();
      signal.addEventListener('abort', abort, { once: true });
      request.on('error', (error) => {
        signal.removeEventListener('abort', abort);
        reject(signal.aborted ? signal.reason : networkError(error, url));
      });
      request.end(options.post?.body);
    });
  }

  async function checkedAddresses(url: URL, host: string, signal: AbortSignal) {
    const family = net.isIP(host);
    const addresses = family ? [{ address: host, family }] : await lookUp(host, signal);
    if (isAllowedHost(config.allowHosts, host, portOf(url))) return addresses;
    for (const { address } of addresses) {
      const check = checkAddress(address);
      if (!check.allowed) {
        const target = family ? host : `${host} (${address})`;
        const message = `Refused to connect to ${target}: ${check.reason}`;
        throw new OutboundError('blocked-address', message);
      }
    }
    return addresses;
  }

  async function lookUp(host: string, signal: AbortSignal): Promise<LookupAddress[]> {
    const notFound = new OutboundError('dns', `Could not find the address of ${host}`);
    // dns.lookup cannot be cancelled; stop waiting for it instead.
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    const addresses = await Promise.race([resolve(host), aborted]).catch((error: unknown) => {
      throw signal.aborted ? error : notFound;
    });
    if (addresses.length === 0) throw notFound;
    return addresses;
  }
}

async function readResponse(
  url: URL,
  response: IncomingMessage,
  { options, signal }: Call,
): Promise<OutboundResponse> {
  const contentType = response.headers['content-type']?.toLowerCase();
  if (options.acceptContentType && !options.acceptContentType(contentType)) {
    response.destroy();
    const type = contentType?.split(';')[0]?.trim() || 'no content type';
    throw new OutboundError('unsupported-type', `${url.href} answered with ${type}, not supported`);
  }
  const tooLarge = new OutboundError(
    'too-large',
    `The page is larger than ${size(options.maxBytes)}`,
  );
  if (Number(response.headers['content-length'] ?? 0) > options.maxBytes) {
    response.destroy();
    throw tooLarge;
  }
  const decoder = decoders[response.headers['content-encoding']?.trim().toLowerCase() ?? '']?.();
  const body = decoder ? response.pipe(decoder) : response;
  if (decoder) response.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let received = 0;
  const abort = () => {
    response.destroy();
    decoder?.destroy();
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    // The limit counts decoded bytes: a small gzip body can unpack to gigabytes.
    for await (const chunk of body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > options.maxBytes) throw tooLarge;
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError || signal.aborted) throw error;
    throw networkError(error, url);
  } finally {
    signal.removeEventListener('abort', abort);
    response.destroy();
  }
  return {
    url: url.href,
    status: response.statusCode ?? 0,
    contentType,
    headers: response.headers,
    body: Buffer.concat(chunks, received),
  };
}

function parseTarget(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new OutboundError('bad-url', `${address} is not a web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError(
      'bad-scheme',
      `Only http and https can be fetched, not ${url.protocol}`,
    );
  }
  if (url.username || url.password) {
    throw new OutboundError('bad-url', 'Addresses with a user name or password are not fetched');
  }
  return url;
}

function withoutHash(url: URL): string {
  return url.href.replace(/#.*$/, '');
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function networkError(error: unknown, url: URL): OutboundError {
  const where = `${bareHost(url)}:${portOf(url)}`;
  // Not `instanceof Error`: errors from Node's internals may come from another realm (jest's vm).
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
  const message = (() => {
    if (code === 'ECONNREFUSED') return `Connection refused by ${where}`;
    if (code === 'ECONNRESET') return `The connection to ${where} was closed unexpectedly`;
    if (code === 'ETIMEDOUT') return `The connection to ${where} timed out`;
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${where} cannot be reached`;
    if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI')) {
      return `The answer of ${where} could not be decompressed`;
    }
    if (code.startsWith('HPE_')) return `${where} did not answer with valid HTTP`;
    if (/CERT|TLS|SSL/.test(code)) return `The secure connection to ${where} failed (${code})`;
    return `Could not connect to ${where}${code ? ` (${code})` : ''}`;
  })();
  return new OutboundError('network', message);
}

function size(bytes: number): string {
  const format = (value: number, unit: string) => `${Number(value.toFixed(1))} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return format(bytes / 1024, 'KB');
  return `${bytes} bytes`;
}
