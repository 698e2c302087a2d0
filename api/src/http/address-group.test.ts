import { addressGroup } from './address-group';

describe('addressGroup', () => {
  it('counts an IPv6 address as its /64, however it is written', () => {
    const group = '2001:db8:85a3:1::/64';
    for (const address of [
      '2001:db8:85a3:1::1',
      '2001:0db8:85a3:0001:ffff:ffff:ffff:fffe',
      '2001:DB8:85A3:1:abcd::7',
      '2001:db8:85a3:1:0:0:1.2.3.4',
    ]) {
      expect({ address, group: addressGroup(address) }).toEqual({ address, group });
    }
    expect(addressGroup('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps an IPv4 address, also when it comes mapped into IPv6', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('unknown')).toBe('unknown');
  });
});
