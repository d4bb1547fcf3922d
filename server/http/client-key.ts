import { isIPv6 } from 'node:net';

/**
 * The key that per-address limits count by (docs/security.md): an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address by its /64 network,
 * since one host is commonly given a whole /64 and could otherwise count as millions.
 */
export function addressKey(address: string): string {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zoneless = bare.split('%')[0] ?? bare;
  if (!isIPv6(zoneless)) return zoneless;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(zoneless);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = zoneless.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = zoneless.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = zoneless.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups]
    : headGroups;
  const prefix = groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':');
  return `${prefix}::/64`;
}
