import ipaddr from 'ipaddr.js';

/** What the policy concluded about one IP address. */
export interface AddressVerdict {
  /** Why the address may not be reached, or undefined when it is public. */
  refusal: string | undefined;
  /**
   * The refusal by class only, with no address in it (`loopback (inside an IPv4-mapped address)`):
   * all a message about a name's DNS answer may say, since that message reaches whoever saved the
   * name, who would otherwise learn which internal address it resolves to.
   */
  refusedClass: string | undefined;
  /** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4, Teredo), when there is one. */
  embeddedIpv4: string | undefined;
}

/** ipaddr.js range names, spelled for people reading a refusal. Only `unicast` is public. */
const rangeReasons: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
  uniqueLocal: 'unique local (private)',
  deprecatedSiteLocal: 'site-local (private)',
  discard: 'discard-only',
  benchmarking: 'benchmarking',
  as112v6: 'reserved (AS112)',
  deprecatedOrchid: 'reserved (ORCHID)',
  orchid2: 'reserved (ORCHID)',
  droneRemoteIdProtocolEntityTags: 'reserved (DRIP)',
  segmentRouting: 'reserved (segment routing)',
};

/**
 * Cloud metadata and platform endpoints hand out credentials: named as such even where a range
 * already refuses them (AWS, GCP, Azure IMDS 169.254.169.254 and AWS fd00:ec2::254 are link-local or
 * unique local; Alibaba 100.100.100.200 is CGNAT). Azure's WireServer, 168.63.129.16, serves every VM
 * its goal state, extension settings and certificates from an address ipaddr.js calls public unicast,
 * so without this entry it would pass.
 */
const metadataAddresses = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '168.63.129.16']);

/** Public IPv6 unicast lives in 2000::/3; anything outside it that no rule below explains is refused. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
/** `::a.b.c.d`, the deprecated IPv4-compatible form (`::` and `::1` are matched first as their own ranges). */
const ipv4Compatible = ipaddr.IPv6.parseCIDR('::/96');
/** RFC 8215 local-use NAT64 prefix: a translator on the operator's own network, never public. */
const localUseNat64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

/**
 * The IPv4 addresses an IPv6 address delivers traffic to, with the name of the form: the last 32
 * bits for mapped (`::ffff:a.b.c.d`), SIIT (`::ffff:0:a.b.c.d`), compatible (`::a.b.c.d`) and NAT64
 * (`64:ff9b::/96`); bits 16–47 for 6to4 (`2002::/16`); for Teredo (`2001::/32`) the server (bits
 * 32–63) and the client, stored bit-inverted in the last 32 bits.
 */
function embeddedIpv4(address: ipaddr.IPv6): { form: string; addresses: ipaddr.IPv4[] } | undefined {
  const parts = address.parts;
  const last = ipv4FromParts(parts[6] ?? 0, parts[7] ?? 0);
  const range = address.range();
  if (range === 'ipv4Mapped') return { form: 'IPv4-mapped', addresses: [last] };
  if (range === 'rfc6145') return { form: 'IPv4-translated', addresses: [last] };
  if (range === 'rfc6052' && !address.match(localUseNat64)) return { form: 'NAT64', addresses: [last] };
  if (range === '6to4') return { form: '6to4', addresses: [ipv4FromParts(parts[1] ?? 0, parts[2] ?? 0)] };
  if (range === 'teredo') {
    const client = ipv4FromParts((parts[6] ?? 0) ^ 0xffff, (parts[7] ?? 0) ^ 0xffff);
    return { form: 'Teredo', addresses: [ipv4FromParts(parts[2] ?? 0, parts[3] ?? 0), client] };
  }
  if (range === 'unicast' && address.match(ipv4Compatible)) return { form: 'IPv4-compatible', addresses: [last] };
  return undefined;
}

function refuseIpv4(address: ipaddr.IPv4): string | undefined {
  if (metadataAddresses.has(address.toString())) return 'cloud metadata service';
  const range = address.range();
  return range === 'unicast' ? undefined : (rangeReasons[range] ?? range);
}

function refuseIpv6(address: ipaddr.IPv6): string | undefined {
  if (metadataAddresses.has(address.toString())) return 'cloud metadata service';
  if (address.match(localUseNat64)) return 'local-use NAT64 (private)';
  const range = address.range();
  if (range !== 'unicast') return rangeReasons[range] ?? range;
  return address.match(globalUnicast) ? undefined : 'not global unicast';
}

/**
 * Classifies an IP address literal (as DNS returns it, or as a URL's hostname after WHATWG parsing).
 * Only public unicast passes. An IPv6 address that carries an IPv4 address is judged by the IPv4
 * address it carries — `[::ffff:127.0.0.1]`, `[64:ff9b::7f00:1]` and `[2002:7f00:1::]` all reach
 * loopback — while NAT64 or 6to4 addresses of public IPv4 hosts stay reachable.
 */
export function classifyAddress(literal: string): AddressVerdict {
  const text = canonicalText(literal.replace(/^\[|\]$/g, ''));
  if (!ipaddr.isValid(text)) return verdictNamingNoAddress('not an IP address', undefined);
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return verdictNamingNoAddress(refuseIpv4(address as ipaddr.IPv4), undefined);
  const ipv6 = address as ipaddr.IPv6;
  if (ipv6.zoneId !== undefined) return verdictNamingNoAddress('scoped (zone) address', undefined);
  const embedded = embeddedIpv4(ipv6);
  if (embedded === undefined) return verdictNamingNoAddress(refuseIpv6(ipv6), undefined);
  const shown = embedded.addresses.map((ipv4) => ipv4.toString()).join(', ');
  for (const ipv4 of embedded.addresses) {
    const reason = refuseIpv4(ipv4);
    if (reason !== undefined)
      return {
        refusal: `${reason} (IPv4 ${ipv4.toString()} inside a ${embedded.form} address)`,
        refusedClass: `${reason} (inside a ${embedded.form} address)`,
        embeddedIpv4: shown,
      };
  }
  // Compatible addresses are deprecated (RFC 4291) and Teredo is a tunnel: no public service needs them.
  if (embedded.form === 'IPv4-compatible' || embedded.form === 'Teredo')
    return verdictNamingNoAddress(`${embedded.form} address (deprecated tunnel form)`, shown);
  return verdictNamingNoAddress(undefined, shown);
}

/** A verdict whose refusal names no address, so it is its own class. */
function verdictNamingNoAddress(refusal: string | undefined, embedded: string | undefined): AddressVerdict {
  return { refusal, refusedClass: refusal, embeddedIpv4: embedded };
}

/**
 * IPv6 in hexadecimal form: resolvers print IPv4-compatible addresses as `::8.8.8.8`, which
 * ipaddr.js would read as IPv4-mapped. URL parsing gives the canonical `::808:808`.
 */
function canonicalText(text: string): string {
  if (!text.includes(':') || !text.includes('.')) return text;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return text;
  }
}

/**
 * An IPv4 host written in a form WHATWG URL parsing already normalises (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`, `127.1`), normalised here too for hostnames that did not come through `new URL`
 * (a connection's lookup). Returns undefined when the text is not such a form.
 */
export function parseLooseIpv4(hostname: string): string | undefined {
  if (!/^[0-9a-fx.]+$/i.test(hostname) || !ipaddr.IPv4.isValid(hostname)) return undefined;
  try {
    return ipaddr.IPv4.parse(hostname).toString();
  } catch {
    return undefined;
  }
}
