import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { assertPublicUrl, createGuardedLookup, type ResolveAll } from './ssrf-guard';

/** A resolver answering from a table, so no test depends on (or sends) DNS traffic. */
function resolverFor(table: Record<string, string[]>): ResolveAll {
  return (hostname) => {
    const addresses = table[hostname];
    if (addresses === undefined) {
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    }
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  };
}

const refused = { kind: 'url-refused' };

describe('assertPublicUrl', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.1.2.3:8080/x', 'loopback'],
    ['http://10.0.0.5/', 'private'],
    ['http://172.20.1.1/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata service'],
    ['http://169.254.1.1/', 'link-local'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::1]/', 'loopback'],
    ['http://[::]/', 'unspecified'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fd12:3456::1]/', 'unique local'],
    ['http://[fd00:ec2::254]/', 'cloud metadata service'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/', 'cloud metadata service'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'cloud metadata service'],
  ])('refuses %s (%s)', async (url, reason) => {
    await expect(assertPublicUrl(url)).rejects.toMatchObject(refused);
    await expect(assertPublicUrl(url)).rejects.toThrow(reason);
  });

  it('refuses a hostname resolving to loopback (localhost, via the system resolver)', async () => {
    await expect(assertPublicUrl('http://localhost:9/')).rejects.toMatchObject(refused);
    await expect(assertPublicUrl('http://localhost:9/')).rejects.toThrow('loopback');
  });

  it('refuses a hostname when any of its addresses is private', async () => {
    const resolve = resolverFor({ 'mixed.example': ['93.184.216.34', '10.1.1.1'] });
    await expect(assertPublicUrl('https://mixed.example/', { resolve })).rejects.toMatchObject(refused);
  });

  it('refuses other schemes and unresolvable hosts', async () => {
    await expect(assertPublicUrl('file:///etc/passwd')).rejects.toMatchObject(refused);
    await expect(assertPublicUrl('ftp://93.184.216.34/')).rejects.toMatchObject(refused);
    await expect(assertPublicUrl('https://nowhere.example/', { resolve: resolverFor({}) })).rejects.toMatchObject(
      refused,
    );
    await expect(assertPublicUrl('not a url')).rejects.toMatchObject(refused);
  });

  it('accepts public addresses and hostnames', async () => {
    const resolve = resolverFor({ 'api.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    const { addresses } = await assertPublicUrl('https://api.example/v1', { resolve });
    expect(addresses).toHaveLength(2);
    await expect(assertPublicUrl('http://8.8.8.8/')).resolves.toBeDefined();
  });

  it('lets allowlisted hosts, addresses and CIDRs through', async () => {
    const resolve = resolverFor({ 'db.internal': ['10.9.9.9'], 'meta.internal': ['169.254.169.254'] });
    await expect(assertPublicUrl('http://127.0.0.1:3000/', { allow: ['127.0.0.1'] })).resolves.toBeDefined();
    await expect(assertPublicUrl('http://10.1.2.3/', { allow: ['10.0.0.0/8'] })).resolves.toBeDefined();
    await expect(assertPublicUrl('http://db.internal/', { allow: ['db.internal'], resolve })).resolves.toBeDefined();
    await expect(assertPublicUrl('http://[fd00::5]/', { allow: ['fd00::/8'] })).resolves.toBeDefined();
    // Allowing one private range does not open the others.
    await expect(assertPublicUrl('http://meta.internal/', { allow: ['10.0.0.0/8'], resolve })).rejects.toMatchObject(
      refused,
    );
  });
});

describe('guarded lookup', () => {
  const lookupOnce = (hostname: string, options: { all?: boolean; family?: number }, resolve: ResolveAll) =>
    new Promise<unknown>((done, fail) => {
      createGuardedLookup({ resolve })(hostname, options, (error: Error | null, address: unknown) =>
        error ? fail(error) : done(address),
      );
    });

  it('refuses at connection time when DNS now answers with a private address', async () => {
    await expect(
      lookupOnce('rebind.example', {}, resolverFor({ 'rebind.example': ['127.0.0.1'] })),
    ).rejects.toMatchObject(refused);
  });

  it('answers with the checked addresses, honouring all and family', async () => {
    const resolve = resolverFor({ 'api.example': ['2606:2800:220:1::1', '93.184.216.34'] });
    await expect(lookupOnce('api.example', {}, resolve)).resolves.toBe('2606:2800:220:1::1');
    await expect(lookupOnce('api.example', { family: 4 }, resolve)).resolves.toBe('93.184.216.34');
    await expect(lookupOnce('api.example', { all: true }, resolve)).resolves.toHaveLength(2);
  });
});
