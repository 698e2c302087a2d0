import { isIPv6 } from 'node:net';

/**
 * Whose a client address is, for the per-address caps (connections, requests): an IPv4 address
 * is itself; an IPv6 address counts as its /64. One subscriber is usually given a whole /64, so
 * counting each of its 2^64 addresses apart would let one client take any number of places.
 * IPv4-mapped IPv6 (`::ffff:203.0.113.7`) is the IPv4 address it maps.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  // A zone (fe80::1%eth0) names a link, not a client.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as a number in lower-case hex without zeros first. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const part = (text: string) => {
    if (!text) return [];
    const groups = text.split(':');
    // An embedded IPv4 at the end (::1.2.3.4) takes two groups.
    const last = groups.at(-1)!;
    if (last.includes('.')) {
      const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
      groups.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return groups;
  };
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array(missing).fill('0'), ...right];
  return groups.map((group: string) => parseInt(group, 16).toString(16));
}
