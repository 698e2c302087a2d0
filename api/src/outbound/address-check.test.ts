import { loadConfig } from '../config';
import { checkAddress, isAllowedHost, parseAllowHosts } from './address-check';

describe('checkAddress', () => {
  it.each([
    ['10.0.0.5', '10.0.0.5 is a private address'],
    ['10.255.255.255', 'private'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', '192.168.1.20 is a private address'],
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT address'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['168.63.129.16', 'cloud metadata'],
    ['::1', '::1 is a loopback address'],
    ['::', ':: is an unspecified address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'fc00::1 is a private (unique local) address'],
    ['fd12::1', 'private (unique local)'],
    ['fd00:ec2::254', 'fd00:ec2::254 is a cloud metadata address'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['fec0::1', 'special-purpose'],
    [
      '::ffff:127.0.0.1',
      '::ffff:127.0.0.1 is an IPv6 form of 127.0.0.1, which is a loopback address',
    ],
    ['::ffff:10.1.2.3', 'IPv6 form of 10.1.2.3, which is a private address'],
    ['::ffff:7f00:1', 'IPv6 form of 127.0.0.1'],
    ['::ffff:169.254.169.254', 'IPv6 form of 169.254.169.254, which is a cloud metadata address'],
    ['::ffff:0:10.0.0.1', 'IPv6 form of 10.0.0.1'],
    // IPv4-compatible (deprecated) and other addresses outside 2000::/3.
    ['::7f00:1', 'reserved'],
    // ipaddr.js reads this one as ::ffff:127.0.0.1; refused either way.
    ['::127.0.0.1', '127.0.0.1'],
    ['4000::1', 'reserved'],
    // NAT64, 6to4 and Teredo deliver to the IPv4 address they carry.
    ['64:ff9b::10.0.0.1', 'IPv6 form of 10.0.0.1, which is a private address'],
    ['64:ff9b:1::1', 'special-purpose'],
    ['2002:c0a8:101::1', 'IPv6 form of 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'IPv6 form of 127.0.0.1'],
    ['localhost', 'localhost is not an IP address'],
    ['', 'not an IP address'],
  ])('refuses %s', (address, reason) => {
    const check = checkAddress(address);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toContain(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('allows %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });
});

describe('parseAllowHosts', () => {
  it('is empty when unset or blank', () => {
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts('')).toEqual([]);
    expect(parseAllowHosts(' , ')).toEqual([]);
  });

  it('reads hosts, ports and bracketed IPv6 addresses, trimmed and lower-cased', () => {
    expect(
      parseAllowHosts(' Intranet.Example.com , wiki.local:8080,10.0.0.5:80, [FD00::1]:8443, [::1]'),
    ).toEqual([
      { host: 'intranet.example.com' },
      { host: 'wiki.local', port: 8080 },
      { host: '10.0.0.5', port: 80 },
      { host: 'fd00:0:0:0:0:0:0:1', port: 8443 },
      { host: '0:0:0:0:0:0:0:1' },
    ]);
  });

  it.each([
    ['http://example.com', 'host name only'],
    ['example.com/path', 'host name only'],
    ['user@example.com', 'host name only'],
    ['*.example.com', 'wildcards are not supported'],
    ['example.com:0', 'port must be a number from 1 to 65535'],
    ['example.com:65536', 'port must be a number from 1 to 65535'],
    ['example.com:http', 'port must be a number'],
    ['example.com:', 'port must be a number'],
    [':8080', 'the host is missing'],
    ['::1', 'IPv6 addresses in brackets'],
    ['fd00::1:8080', 'IPv6 addresses in brackets'],
    ['[not-ipv6]:80', 'not an IPv6 address'],
    ['[::1', 'unmatched brackets'],
    ['exa mple.com', 'host name only'],
    ['exa$mple.com', 'not a host name'],
  ])('refuses %j, naming it', (entry, why) => {
    expect(() => parseAllowHosts(`good.example, ${entry}`)).toThrow(
      `"${entry.toLowerCase()}" is not a valid host or host:port`,
    );
    expect(() => parseAllowHosts(entry)).toThrow(why);
  });
});

describe('isAllowedHost', () => {
  const list = parseAllowHosts('intranet.example, wiki.example:8080, [fd00::1]:443, 10.0.0.5');

  it('allows every port of an entry without one, and only the given port otherwise', () => {
    expect(isAllowedHost(list, 'intranet.example', 80)).toBe(true);
    expect(isAllowedHost(list, 'intranet.example', 8443)).toBe(true);
    expect(isAllowedHost(list, 'wiki.example', 8080)).toBe(true);
    expect(isAllowedHost(list, 'wiki.example', 80)).toBe(false);
    expect(isAllowedHost(list, '10.0.0.5', 22)).toBe(true);
  });

  it('compares host names exactly, in any case', () => {
    expect(isAllowedHost(list, 'INTRANET.Example', 80)).toBe(true);
    expect(isAllowedHost(list, 'www.intranet.example', 80)).toBe(false);
    expect(isAllowedHost(list, 'intranet.example.evil.test', 80)).toBe(false);
    expect(isAllowedHost(list, 'ntranet.example', 80)).toBe(false);
    expect(isAllowedHost(list, '10.0.0.6', 80)).toBe(false);
  });

  it('matches IPv6 addresses in any notation, with or without brackets', () => {
    expect(isAllowedHost(list, '[fd00::1]', 443)).toBe(true);
    expect(isAllowedHost(list, 'FD00:0:0::1', 443)).toBe(true);
    expect(isAllowedHost(list, 'fd00::1', 80)).toBe(false);
    expect(isAllowedHost(list, 'fd00::2', 443)).toBe(false);
  });

  it('allows nothing when the list is empty', () => {
    expect(isAllowedHost([], 'localhost', 80)).toBe(false);
  });
});

describe('OUTBOUND_ALLOW_HOSTS', () => {
  it('is read into config.outbound.allowHosts, empty by default', () => {
    expect(loadConfig({}).outbound).toEqual({ allowHosts: [] });
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: 'wiki.local:8080' }).outbound).toEqual({
      allowHosts: [{ host: 'wiki.local', port: 8080 }],
    });
  });

  it('makes loading the configuration fail, naming the bad entry', () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'wiki.local, http://intranet/' })).toThrow(
      /OUTBOUND_ALLOW_HOSTS: "http:\/\/intranet\/" is not a valid host or host:port/,
    );
  });
});
