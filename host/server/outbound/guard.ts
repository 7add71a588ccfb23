import { BlockList, isIP, isIPv4 } from 'node:net';

/** Ranges no outbound request reaches unless the operator's allow-list opens them (issue 11, finding 1). */
const REFUSED_V4: [string, number][] = [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const REFUSED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 reaches IPv4 addresses
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const refused = new BlockList();
for (const [net, prefix] of REFUSED_V4) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of REFUSED_V6) refused.addSubnet(net, prefix, 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, in any spelling) as its IPv4 address; anything else unchanged. */
export function unmapped(address: string): string {
  if (!isIP(address) || isIPv4(address)) return address;
  const normal = new URL(`http://[${address}]`).hostname.slice(1, -1).toLowerCase();
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normal);
  if (!hex) return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(normal)?.[1] ?? normal;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is in a refused class (loopback, private, link-local, multicast, unspecified, broadcast, ...). */
export function isRefusedAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return true;
  return refused.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The operator's SENSORIUM_OUTBOUND_ALLOW: CIDR ranges, single addresses and host names that may be reached anyway. */
export class OutboundAllowList {
  private readonly ranges = new BlockList();
  private readonly hosts = new Set<string>();

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const [net, prefix] = entry.split('/');
      const family = isIP(net ?? '');
      if (family !== 0) {
        const type = family === 4 ? 'ipv4' : 'ipv6';
        if (prefix === undefined) this.ranges.addAddress(net!, type);
        else this.ranges.addSubnet(net!, Number(prefix), type);
      } else {
        this.hosts.add(entry.replace(/\.$/, ''));
      }
    }
  }

  allowsHost(hostname: string): boolean {
    return this.hosts.has(hostname.toLowerCase().replace(/\.$/, ''));
  }

  allowsAddress(address: string): boolean {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && this.ranges.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/** Checks SENSORIUM_OUTBOUND_ALLOW's entries; answers an error message for the first bad one, or null. */
export function badAllowEntry(entries: readonly string[]): string | null {
  for (const entry of entries) {
    const [net, prefix, extra] = entry.split('/');
    if (extra !== undefined) return entry;
    const family = isIP(net ?? '');
    if (prefix !== undefined) {
      const bits = Number(prefix);
      if (family === 0 || !/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return entry;
    } else if (family === 0 && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      return entry;
    }
  }
  return null;
}
