/**
 * Every request Parley makes to an address a user typed (web sites to train on, webhooks) goes
 * through one fetch, `createOutboundFetch` (outbound-fetch.ts), which refuses private addresses.
 */

/**
 * One entry of OUTBOUND_ALLOW_HOSTS: a host the admin trusts even though it resolves to a private
 * address (an intranet site, a local webhook receiver). Without a port every port is allowed.
 */
export interface AllowedHost {
  /** Lower-cased; an IPv6 address without brackets, in full (uncompressed) form. */
  host: string;
  port?: number;
}

export interface OutboundRequestOptions {
  /** The body is read up to this many bytes; a longer one fails with `too-large`. */
  maxBytes: number;
  /** Sent as the Accept header. */
  accept?: string;
  /** Gives up with `timeout` after this long, redirects included. */
  timeoutMs?: number;
  /** Redirects followed (each hop checked again); more fail with `too-many-redirects`. */
  maxRedirects?: number;
  /** Checked before each redirect is followed; false fails with `redirect-refused`. */
  allowRedirect?: (to: URL) => boolean;
  /** Checked once the headers arrive; false fails with `unsupported-type` before the body is read. */
  acceptContentType?: (contentType: string | undefined) => boolean;
  /** POST a JSON body (webhooks); GET otherwise. */
  post?: { body: string; contentType: string; headers?: Record<string, string> };
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  /** The Content-Type header, lower-cased, parameters kept. */
  contentType: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export type OutboundFetch = (
  url: string,
  options: OutboundRequestOptions,
) => Promise<OutboundResponse>;

export type OutboundErrorCode =
  | 'bad-url'
  | 'bad-scheme'
  | 'blocked-address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'redirect-refused'
  | 'unsupported-type'
  | 'aborted';

/** Why a request was refused or failed; `message` is shown to the admin as it is. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}
