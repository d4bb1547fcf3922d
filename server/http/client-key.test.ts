// The key per-address limits count by (client-key.ts): an IPv6 host's whole /64 is one client.
import { describe, expect, it } from 'vitest';
import { addressKey } from './client-key.ts';

describe('the key of an address', () => {
  it('keeps an IPv4 address as it is, and an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0abc',
      '[2001:db8:1:2::99]',
      '2001:db8:1:2::1%eth0',
    ].map(addressKey);
    expect(new Set(one)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps different /64 networks apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is not an IP address as it is', () => {
    expect(addressKey('unknown')).toBe('unknown');
  });
});
