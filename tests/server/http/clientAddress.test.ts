import { limiterKey, networkKey } from '../../../src/server/http/clientAddress';

describe('limiterKey', () => {
  it('counts an IPv4 client by its address and an IPv6 client by its /64', () => {
    expect(limiterKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limiterKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limiterKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(limiterKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(limiterKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
  });
});

describe('networkKey', () => {
  it('groups IPv6 clients by their /48 and leaves IPv4 and unparsed addresses to limiterKey alone', () => {
    expect(networkKey('2001:db8:1:2::a')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:db8:2::1')).toBe('2001:db8:2::/48');
    expect(networkKey('203.0.113.7')).toBeUndefined();
    expect(networkKey('::ffff:203.0.113.7')).toBeUndefined();
    expect(networkKey('not an address')).toBeUndefined();
  });
});
