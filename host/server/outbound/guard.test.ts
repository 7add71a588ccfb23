import { describe, expect, it } from 'vitest';
import { badAllowEntry, isRefusedAddress, OutboundAllowList, unmapped } from './guard';

describe('outbound address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['not-an-address', 'no address at all'],
  ])('refuses %s (%s)', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isRefusedAddress(address)).toBe(false);
    },
  );

  it('reads IPv4-mapped addresses as IPv4', () => {
    expect(unmapped('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unmapped('::FFFF:192.168.0.1')).toBe('192.168.0.1');
    expect(unmapped('2001:db8::1')).toBe('2001:db8::1');
  });

  it('opens ranges, addresses and host names from the allow-list', () => {
    const allow = new OutboundAllowList(['10.0.0.0/8', 'Sensors.Local', '127.0.0.1', 'fd00::/8']);
    expect(allow.allowsAddress('10.9.8.7')).toBe(true);
    expect(allow.allowsAddress('::ffff:10.9.8.7')).toBe(true);
    expect(allow.allowsAddress('127.0.0.1')).toBe(true);
    expect(allow.allowsAddress('127.0.0.2')).toBe(false);
    expect(allow.allowsAddress('192.168.0.1')).toBe(false);
    expect(allow.allowsAddress('fd00::5')).toBe(true);
    expect(allow.allowsHost('sensors.local')).toBe(true);
    expect(allow.allowsHost('other.local')).toBe(false);
  });

  it('names a bad allow-list entry', () => {
    expect(badAllowEntry(['10.0.0.0/8', 'sensors.local', '::1', 'fd00::/8'])).toBeNull();
    expect(badAllowEntry(['10.0.0.0/33'])).toBe('10.0.0.0/33');
    expect(badAllowEntry(['sensors.local/8'])).toBe('sensors.local/8');
    expect(badAllowEntry(['http://x'])).toBe('http://x');
  });
});
