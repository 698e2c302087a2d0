import ipaddr from 'ipaddr.js';
import type { AllowedHost } from './outbound-types';

export type AddressCheck = { allowed: true } | { allowed: false; reason: string };

// Instance metadata services hand out cloud credentials: the first target of any SSRF. Azure's
// WireServer sits on an address that looks public, so the range checks alone would let it through.
const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2:0:0:0:0:0:254', '168.63.129.16']);

const rangeReasons: Record<string, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
};

// Only 2000::/3 is handed out for the public IPv6 internet; ipaddr.js calls the rest "unicast" too.
const globalUnicast = ipaddr.parseCIDR('2000::/3');
// The well-known NAT64 prefix; its local-use sibling 64:ff9b:1::/48 embeds addresses differently.
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

/** Whether Parley may connect to this IP address: public unicast addresses only. */
export function checkAddress(address: string): AddressCheck {
  if (!ipaddr.isValid(address)) {
    return { allowed: false, reason: `${address} is not an IP address` };
  }
  const problem = classify(ipaddr.parse(address));
  return problem ? { allowed: false, reason: `${address} is ${problem}` } : { allowed: true };
}

function classify(ip: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  if (metadataAddresses.has(ip.toNormalizedString())) return 'a cloud metadata address';
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    return range === 'unicast' ? undefined : (rangeReasons[range] ?? 'a special-purpose address');
  }
  // These IPv6 forms are delivered to an IPv4 address (by the kernel, a NAT64 gateway or a
  // tunnel relay), so that IPv4 address is what has to be public.
  const embedded = embeddedIPv4(ip);
  if (embedded) {
    for (const inner of embedded) {
      const problem = classify(inner);
      if (problem) return `an IPv6 form of ${inner.toString()}, which is ${problem}`;
    }
    return undefined;
  }
  const range = ip.range();
  if (range !== 'unicast') return rangeReasons[range] ?? 'a special-purpose address';
  return ip.match(globalUnicast) ? undefined : 'a reserved address';
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const part = (n: number) => ip.parts[n] ?? 0;
  const ipv4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [ipv4(part(6), part(7))];
    case 'rfc6052':
      return ip.match(nat64) ? [ipv4(part(6), part(7))] : undefined;
    case '6to4':
      return [ipv4(part(1), part(2))];
    case 'teredo':
      // The Teredo server, then the client, whose address is stored inverted (RFC 4380).
      return [ipv4(part(2), part(3)), ipv4(~part(6) & 0xffff, ~part(7) & 0xffff)];
    default:
      return undefined;
  }
}

/**
 * Reads OUTBOUND_ALLOW_HOSTS: `host` or `host:port` entries, comma-separated, IPv6 in brackets
 * (`[fd00::1]:8080`). Throws an Error naming the first invalid entry.
 */
export function parseAllowHosts(value: string | undefined): AllowedHost[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
    .map(parseAllowHost);
}

function parseAllowHost(entry: string): AllowedHost {
  const invalid = (why: string) =>
    new Error(`"${entry}" is not a valid host or host:port (${why})`);
  if (/[\s/?#@\\%]/.test(entry)) throw invalid('a host name only, without scheme or path');
  const match =
    /^\[([^\]]*)\](?::([^:]*))?$/.exec(entry) ?? /^([^:[\]]*)(?::([^:]*))?$/.exec(entry);
  if (!match) {
    const brackets = /[[\]]/.test(entry);
    throw invalid(brackets ? 'unmatched brackets' : 'write IPv6 addresses in brackets: [::1]:8080');
  }
  const [, rawHost = '', rawPort] = match;
  const host = entry.startsWith('[') ? ipv6Host(rawHost) : domainHost(rawHost);
  if (typeof host !== 'string') throw invalid(host.why);
  if (rawPort === undefined) return { host };
  const port = Number(rawPort);
  if (!/^\d{1,5}$/.test(rawPort) || port < 1 || port > 65535) {
    throw invalid('the port must be a number from 1 to 65535');
  }
  return { host, port };
}

function ipv6Host(raw: string): string | { why: string } {
  if (!ipaddr.IPv6.isValid(raw)) return { why: 'not an IPv6 address' };
  return ipaddr.IPv6.parse(raw).toNormalizedString();
}

function domainHost(raw: string): string | { why: string } {
  if (raw === '') return { why: 'the host is missing' };
  // An exact name only: "*.example.com" would otherwise pass as a literal host name.
  if (raw.includes('*')) return { why: 'wildcards are not supported' };
  let hostname: string;
  try {
    // The same normalisation request URLs get (punycode, IPv4 forms), so the two compare equal.
    hostname = new URL(`http://${raw}/`).hostname;
  } catch {
    return { why: 'not a host name' };
  }
  if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(hostname)) return { why: 'not a host name' };
  return hostname;
}

/** Whether the host and port are in OUTBOUND_ALLOW_HOSTS (exact host names, any case). */
export function isAllowedHost(list: AllowedHost[], hostname: string, port: number): boolean {
  const host = canonicalHost(hostname);
  return list.some((entry) => entry.host === host && (entry.port ?? port) === port);
}

function canonicalHost(hostname: string): string {
  const bare = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return ipaddr.IPv6.isValid(bare) ? ipaddr.IPv6.parse(bare).toNormalizedString() : bare;
}
