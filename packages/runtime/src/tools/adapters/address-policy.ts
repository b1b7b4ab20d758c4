import { BlockList, isIP } from 'node:net';

type Family = 'ipv4' | 'ipv6';

/** Ranges no guarded request may reach unless allowlisted, with the reason reported on refusal. */
const blockedRanges: ReadonlyArray<readonly [string, number, Family, string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['fc00::', 7, 'ipv6', 'unique local (private)'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

/** Cloud metadata endpoints, refused by address and by name (they hand out credentials). */
const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);
const metadataHostnames = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

const blockLists = blockedRanges.map(([network, prefix, family, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, reason };
});

/** `::ffff:127.0.0.1` and `::ffff:7f00:1` reach IPv4 hosts: judge them as the IPv4 address they carry. */
function unwrapMappedIpv4(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1] !== undefined) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] === undefined || hex[2] === undefined) return address;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Lower-cases a hostname and drops URL brackets and a trailing dot (`LocalHost.` is `localhost`). */
export function normalizeHostname(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Which hosts and addresses a guarded request may reach despite the block list. Entries are
 * hostnames (`api.internal`), addresses (`127.0.0.1`) or CIDRs (`10.0.0.0/8`, `fd00::/8`).
 */
export class AddressPolicy {
  private readonly allowedHostnames = new Set<string>();
  private readonly allowedAddresses = new BlockList();

  constructor(allow: readonly string[] = []) {
    for (const entry of allow) {
      const [network, prefix] = entry.split('/');
      const family = isIP(network ?? '');
      if (family === 0) {
        this.allowedHostnames.add(normalizeHostname(entry));
      } else if (prefix === undefined) {
        this.allowedAddresses.addAddress(network ?? '', family === 4 ? 'ipv4' : 'ipv6');
      } else {
        this.allowedAddresses.addSubnet(network ?? '', Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
      }
    }
  }

  /** True when the hostname itself is allowlisted, which exempts every address it resolves to. */
  allowsHostname(hostname: string): boolean {
    return this.allowedHostnames.has(normalizeHostname(hostname));
  }

  /** Why a hostname is refused by name (metadata services), or undefined. */
  refuseHostname(hostname: string): string | undefined {
    const normalized = normalizeHostname(hostname);
    if (this.allowsHostname(normalized)) return undefined;
    return metadataHostnames.has(normalized) ? 'cloud metadata service' : undefined;
  }

  /** Why an address is refused, or undefined when it may be reached. */
  refuseAddress(address: string): string | undefined {
    const judged = unwrapMappedIpv4(normalizeHostname(address));
    const family: Family = isIP(judged) === 6 ? 'ipv6' : 'ipv4';
    if (this.allowedAddresses.check(judged, family)) return undefined;
    if (metadataAddresses.has(judged)) return 'cloud metadata service';
    return blockLists.find((entry) => entry.family === family && entry.list.check(judged, family))?.reason;
  }
}
