import type { LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';

import { createTestResolver } from '../testing/outbound-address-forms';
import { OutboundPolicy } from './outbound-policy';

/**
 * The policy's less travelled paths, found by mutation testing (Stryker left them alive): each test
 * here fails when the line it names is changed.
 */

function lookupOne(policy: OutboundPolicy, hostname: string, options: LookupOptions): Promise<[string, number]> {
  return new Promise((resolve, reject) => {
    policy.lookup(hostname, options, (error, address, family) => (error ? reject(error) : resolve([address as string, family!])));
  });
}

describe('OutboundPolicy: URL checks without DNS (checkUrl)', () => {
  const policy = new OutboundPolicy({ resolve: createTestResolver() });

  it('allows https as well as http, and nothing else', async () => {
    await expect(policy.assertAllowed('https://public.test/v1')).resolves.toMatchObject({ url: expect.any(URL) as URL });
    expect(() => policy.checkUrl('ws://public.test/')).toThrow('Refused to reach ws://public.test: scheme ws: is not allowed');
  });

  it('says the input is not a URL without echoing it, and names the URL without a host', () => {
    expect(() => policy.checkUrl('not a url')).toThrow('Refused to reach (unparsable URL): not a valid URL');
    expect(() => policy.checkUrl('http://./')).toThrow('Refused to reach http://.: no host');
  });

  it('names the target by scheme, host and port only: a credential in the userinfo, path, query or fragment stays out', async () => {
    const withSecrets = (origin: string) => {
      const url = new URL(`${origin}/mcp/s/secret-path/mcp?token=secret-query#secret-fragment`);
      url.username = 'user';
      url.password = 'secret-password';
      return url.href;
    };
    const named = new OutboundPolicy({ resolve: createTestResolver({ 'intranet.test': ['10.9.8.7'] }) });
    const messageOf = (refused: () => unknown) =>
      Promise.resolve()
        .then(refused)
        .then(
          () => 'not refused',
          (error: Error) => error.message,
        );
    const messages = await Promise.all([
      messageOf(() => named.checkUrl(withSecrets('ftp://10.1.2.3:8080'))),
      messageOf(() => named.checkUrl(withSecrets('http://metadata.google.internal'))),
      messageOf(() => named.checkUrl(withSecrets('http://[::1]:8080'))),
      messageOf(() => named.assertAllowed(withSecrets('http://10.1.2.3:8080'))),
      messageOf(() => named.assertAllowed(withSecrets('https://intranet.test'))),
    ]);
    expect(messages).toEqual([
      'Refused to reach ftp://10.1.2.3:8080: scheme ftp: is not allowed',
      'Refused to reach http://metadata.google.internal: cloud metadata service',
      'Refused to reach http://[::1]:8080: ::1 is loopback',
      'Refused to reach http://10.1.2.3:8080: 10.1.2.3 is private',
      'Refused to reach https://intranet.test: intranet.test resolves to a non-public address (private)',
    ]);
    for (const message of messages) expect(message).not.toMatch(/secret-(password|path|query|fragment)/);
  });

  it('refuses a cloud metadata name before any DNS answer', () => {
    expect(() => policy.checkUrl('http://metadata.google.internal/computeMetadata/v1/')).toThrow('cloud metadata service');
  });

  it('says whether a literal address or a name is refused', async () => {
    await expect(policy.assertAllowed('http://10.1.2.3/')).rejects.toThrow('Refused to reach http://10.1.2.3: 10.1.2.3 is private');
    const named = new OutboundPolicy({ resolve: createTestResolver({ 'intranet.test': ['10.9.8.7'] }) });
    await expect(named.assertAllowed('http://intranet.test/')).rejects.toThrow(
      'Refused to reach http://intranet.test: intranet.test resolves to a non-public address (private)',
    );
  });
});

describe('OutboundPolicy: DNS answers an attacker controls', () => {
  it('refuses a metadata name at connect time even when DNS points it at a public address', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver({ 'metadata.google.internal': ['93.184.216.34'] }) });
    await expect(lookupOne(policy, 'metadata.google.internal', {})).rejects.toThrow('cloud metadata service');
  });

  it('refuses a name that resolves to no address at all', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver({ 'empty.test': [] }) });
    await expect(policy.assertAllowed('http://empty.test/')).rejects.toThrow('empty.test did not resolve');
  });

  it('refuses an answer that is not an address, with an allowlist configured too', async () => {
    const policy = new OutboundPolicy({ allowPrivateTargets: ['10.0.0.0/8'], resolve: createTestResolver({ 'junk.test': ['not-an-address'] }) });
    await expect(policy.assertAllowed('http://junk.test/')).rejects.toThrow('not an IP address');
  });
});

describe('OutboundPolicy: connect-time address families', () => {
  const policy = new OutboundPolicy({
    resolve: createTestResolver({
      'dual.test': ['93.184.216.34', '2606:4700:4700::1111'],
      'v4only.test': ['93.184.216.34'],
      'six-first.test': ['2606:4700:4700::1111', '93.184.216.34'],
    }),
  });

  it('hands the IPv4 address when family 4 is asked for, whatever the answer order', async () => {
    expect(await lookupOne(policy, 'dual.test', { family: 4 })).toEqual(['93.184.216.34', 4]);
    expect(await lookupOne(policy, 'six-first.test', { family: 4 })).toEqual(['93.184.216.34', 4]);
  });

  it('treats family 0 as any family', async () => {
    expect(await lookupOne(policy, 'dual.test', { family: 0 })).toEqual(['93.184.216.34', 4]);
  });

  it('fails with ENOTFOUND when the asked family has no checked address', async () => {
    await expect(lookupOne(policy, 'v4only.test', { family: 6 })).rejects.toMatchObject({ code: 'ENOTFOUND', message: 'v4only.test has no IPv6 address' });
  });
});

describe('OutboundPolicy allowlist: exactly what the operator listed', () => {
  it('allows one IPv6 address, not its neighbours', async () => {
    const policy = new OutboundPolicy({ allowPrivateTargets: ['fd00::1'], resolve: createTestResolver() });
    await expect(policy.assertAllowed('http://[fd00::1]/')).resolves.toBeDefined();
    await expect(policy.assertAllowed('http://[fd00::2]/')).rejects.toMatchObject({ kind: 'url-refused' });
    await expect(policy.assertAllowed('http://[fd00:0:1::1]/')).rejects.toMatchObject({ kind: 'url-refused' });
  });

  it('lets a listed metadata name through (the operator asked for it)', async () => {
    const policy = new OutboundPolicy({
      allowPrivateTargets: ['metadata.google.internal'],
      resolve: createTestResolver({ 'metadata.google.internal': ['169.254.169.254'] }),
    });
    await expect(policy.assertAllowed('http://metadata.google.internal/')).resolves.toBeDefined();
  });

  it('judges bracketed addresses like bare ones', () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver() });
    expect(policy.refuseAddress('[::1]')).toContain('loopback');
    expect(policy.refuseAddress('[2606:4700:4700::1111]')).toBeUndefined();
  });
});

describe('OutboundPolicy: IPv4 carried in IPv6', () => {
  it('allows a NAT64 address by the allowlisted IPv4 it carries', () => {
    const policy = new OutboundPolicy({ allowPrivateTargets: ['10.0.0.0/8'], resolve: createTestResolver() });
    expect(policy.refuseAddress('64:ff9b::a01:203')).toBeUndefined();
    expect(policy.refuseAddress('64:ff9b::c0a8:101')).toContain('private');
  });

  it('allows a Teredo address only when both IPv4 addresses it carries are allowlisted', () => {
    // Teredo carries its server (65.54.227.120) and its client (8.8.8.8, obfuscated).
    const teredo = '2001:0:4136:e378:8000:63bf:f7f7:f7f7';
    expect(new OutboundPolicy({ allowPrivateTargets: ['65.54.227.120'] }).refuseAddress(teredo)).toContain('Teredo');
    expect(new OutboundPolicy({ allowPrivateTargets: ['65.54.227.120', '8.8.8.8'] }).refuseAddress(teredo)).toBeUndefined();
  });
});
