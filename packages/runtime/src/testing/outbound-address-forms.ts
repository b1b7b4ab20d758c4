import type { LookupAddress } from 'node:dns';

import type { ResolveAll } from '../outbound/outbound-policy';

/** One way of writing a target the outbound policy must refuse (or allow), for the SSRF matrix. */
export interface AddressForm {
  /** Short label for the matrix table. */
  form: string;
  /** Host part of a URL (`127.0.0.1`, `[::1]`, `internal.test`), without port. */
  host: string;
  /** Words the refusal must contain (reason); absent for forms that must be allowed. */
  reason?: string;
  /** True when the form reaches 127.0.0.1 (or resolves there), so a loopback listener would see the traffic if the guard failed. */
  reachesLoopback?: boolean;
}

/**
 * Test DNS answers, so no test resolves a real name. `rebinding.test` answers a public address
 * on its first lookup and loopback on every later one (a DNS answer that changes between the
 * save-time check and the connection).
 */
export const testDnsAnswers: Record<string, string[]> = {
  'public.test': ['93.184.216.34'],
  'public6.test': ['2606:4700:4700::1111'],
  'internal.test': ['10.0.0.7'],
  'loopback.test': ['127.0.0.1'],
  'mixed.test': ['93.184.216.34', '127.0.0.1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'nat64.test': ['64:ff9b::7f00:1'],
};

/** A resolver answering from `testDnsAnswers` (plus the rebinding name), counting lookups per name. */
export function createTestResolver(answers: Record<string, string[]> = testDnsAnswers): ResolveAll & { lookups: Map<string, number> } {
  const lookups = new Map<string, number>();
  const resolve = (hostname: string): Promise<LookupAddress[]> => {
    const count = (lookups.get(hostname) ?? 0) + 1;
    lookups.set(hostname, count);
    const addresses = hostname === 'rebinding.test' ? [count === 1 ? '93.184.216.34' : '127.0.0.1'] : answers[hostname];
    if (addresses === undefined) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolve, { lookups });
}

/** Every address form the issue lists, each of which the policy must refuse. */
export const refusedAddressForms: readonly AddressForm[] = [
  { form: 'IPv4 loopback', host: '127.0.0.1', reason: 'loopback', reachesLoopback: true },
  { form: 'IPv4 private 10/8', host: '10.0.0.1', reason: 'private' },
  { form: 'IPv4 private 172.16/12', host: '172.16.5.4', reason: 'private' },
  { form: 'IPv4 private 192.168/16', host: '192.168.1.1', reason: 'private' },
  { form: 'IPv4 link-local', host: '169.254.10.1', reason: 'link-local' },
  { form: 'cloud metadata IPv4', host: '169.254.169.254', reason: 'cloud metadata service' },
  { form: 'IPv4 CGNAT', host: '100.64.0.1', reason: 'carrier-grade NAT' },
  { form: 'IPv4 multicast', host: '224.0.0.1', reason: 'multicast' },
  { form: 'IPv4 reserved', host: '240.0.0.1', reason: 'reserved' },
  { form: 'IPv4 broadcast', host: '255.255.255.255', reason: 'broadcast' },
  { form: 'IPv4 0.0.0.0', host: '0.0.0.0', reason: 'unspecified' },
  { form: 'IPv6 loopback', host: '[::1]', reason: 'loopback' },
  { form: 'IPv6 unspecified', host: '[::]', reason: 'unspecified' },
  { form: 'IPv6 ULA', host: '[fd12:3456::1]', reason: 'unique local' },
  { form: 'IPv6 link-local', host: '[fe80::1]', reason: 'link-local' },
  { form: 'IPv6 multicast', host: '[ff02::1]', reason: 'multicast' },
  { form: 'IPv4-mapped ::ffff:a.b.c.d', host: '[::ffff:127.0.0.1]', reason: 'loopback', reachesLoopback: true },
  { form: 'IPv4-translated ::ffff:0:a.b.c.d', host: '[::ffff:0:7f00:1]', reason: 'loopback' },
  { form: 'IPv4-compatible ::a.b.c.d', host: '[::127.0.0.1]', reason: 'loopback' },
  { form: 'NAT64 64:ff9b::/96', host: '[64:ff9b::7f00:1]', reason: 'loopback' },
  { form: 'NAT64 local-use 64:ff9b:1::/48', host: '[64:ff9b:1::a00:1]', reason: 'NAT64' },
  { form: '6to4 2002::/16', host: '[2002:7f00:1::]', reason: 'loopback' },
  { form: '6to4 of metadata', host: '[2002:a9fe:a9fe::1]', reason: 'cloud metadata service' },
  // Teredo client 127.0.0.1 is stored inverted: ~7f00:0001 = 80ff:fffe.
  { form: 'Teredo 2001::/32', host: '[2001:0:4136:e378:8000:63bf:80ff:fffe]', reason: 'loopback' },
  { form: 'decimal IPv4', host: '2130706433', reason: 'loopback', reachesLoopback: true },
  { form: 'octal IPv4', host: '0177.0.0.1', reason: 'loopback', reachesLoopback: true },
  { form: 'hex IPv4', host: '0x7f.1', reason: 'loopback', reachesLoopback: true },
  { form: 'short IPv4', host: '127.1', reason: 'loopback', reachesLoopback: true },
  { form: 'localhost', host: 'localhost', reason: 'loopback', reachesLoopback: true },
  { form: 'localhost. (trailing dot)', host: 'localhost.', reason: 'loopback', reachesLoopback: true },
  { form: '*.localhost', host: 'api.localhost', reason: 'loopback', reachesLoopback: true },
  { form: 'metadata hostname', host: 'metadata.google.internal', reason: 'cloud metadata service' },
  { form: 'name → private IPv4', host: 'internal.test', reason: 'private' },
  { form: 'name → loopback', host: 'loopback.test', reason: 'loopback', reachesLoopback: true },
  { form: 'name → public + loopback', host: 'mixed.test', reason: 'loopback', reachesLoopback: true },
  { form: 'name → ::ffff:127.0.0.1', host: 'mapped.test', reason: 'loopback', reachesLoopback: true },
  { form: 'name → NAT64 of loopback', host: 'nat64.test', reason: 'loopback' },
  { form: 'unresolvable name', host: 'nowhere.test', reason: 'could not be resolved' },
];

/** Forms that must stay reachable (never connected to by tests: they are only checked). */
export const allowedAddressForms: readonly AddressForm[] = [
  { form: 'public IPv4', host: '93.184.216.34' },
  { form: 'public IPv6', host: '[2606:4700:4700::1111]' },
  { form: 'NAT64 of public IPv4', host: '[64:ff9b::808:808]' },
  { form: 'IPv4-mapped public', host: '[::ffff:8.8.8.8]' },
  { form: 'name → public IPv4', host: 'public.test' },
  { form: 'name → public IPv6', host: 'public6.test' },
];

/** `http://<host>:<port>/<path>` for a form. */
export function urlFor(form: AddressForm, port = 80, path = ''): string {
  return `http://${form.host}${port === 80 ? '' : `:${port}`}/${path}`;
}
