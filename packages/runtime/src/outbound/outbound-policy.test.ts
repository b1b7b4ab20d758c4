import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';

import { allowedAddressForms, createTestResolver, refusedAddressForms, urlFor } from '../testing/outbound-address-forms';
import { classifyAddress } from './address-classification';
import { OutboundPolicy } from './outbound-policy';

function lookupWith(policy: OutboundPolicy, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    policy.lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses as unknown as LookupAddress[])));
  });
}

describe('OutboundPolicy at save time (assertAllowed)', () => {
  const policy = new OutboundPolicy({ resolve: createTestResolver() });

  it.each(refusedAddressForms.map((form) => [form.form, form] as const))('refuses %s', async (_label, form) => {
    await expect(policy.assertAllowed(urlFor(form, 8080, 'v1'))).rejects.toMatchObject({ kind: 'url-refused', message: expect.stringContaining(form.reason!) as string });
  });

  it.each(allowedAddressForms.map((form) => [form.form, form] as const))('allows %s', async (_label, form) => {
    await expect(policy.assertAllowed(urlFor(form, 443, 'v1'))).resolves.toMatchObject({ url: expect.any(URL) as URL });
  });

  it('refuses other schemes and junk', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://public.test/', 'gopher://public.test/', 'not a url'])
      await expect(policy.assertAllowed(url)).rejects.toMatchObject({ kind: 'url-refused' });
  });
});

describe('OutboundPolicy at connect time (lookup)', () => {
  it.each(refusedAddressForms.filter((form) => /[a-z]/.test(form.host) && !form.host.startsWith('[') && !form.host.startsWith('0x')).map((form) => [form.form, form] as const))(
    'refuses the name form %s',
    async (_label, form) => {
      const policy = new OutboundPolicy({ resolve: createTestResolver() });
      await expect(lookupWith(policy, form.host)).rejects.toMatchObject({ code: expect.stringMatching(/EOUTBOUNDREFUSED/) as string });
    },
  );

  it('normalises loose IPv4 spellings it is handed (a lookup that did not come through URL parsing)', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver() });
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1'])
      await expect(lookupWith(policy, host)).rejects.toMatchObject({ message: expect.stringContaining('loopback') as string });
  });

  it('judges the answer it connects with, not the one seen at save time (DNS rebinding)', async () => {
    const resolve = createTestResolver();
    const policy = new OutboundPolicy({ resolve });
    await expect(policy.assertAllowed('http://rebinding.test/')).resolves.toBeDefined();
    await expect(lookupWith(policy, 'rebinding.test')).rejects.toMatchObject({ message: expect.stringContaining('rebinding.test resolves to a non-public address (loopback)') as string });
    expect(resolve.lookups.get('rebinding.test')).toBe(2);
  });

  it('hands the socket only the checked addresses, honouring a requested family', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver({ 'dual.test': ['93.184.216.34', '2606:4700:4700::1111'] }) });
    const first = await new Promise<[string, number]>((resolve, reject) =>
      policy.lookup('dual.test', { family: 6 }, (error, address, family) => (error ? reject(error) : resolve([address as string, family!]))),
    );
    expect(first).toEqual(['2606:4700:4700::1111', 6]);
  });
});

describe('OutboundPolicy allowlist (operators allowing private targets)', () => {
  it('lets listed addresses, CIDRs and names through, in every spelling of the address', async () => {
    const policy = new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1', '10.0.0.0/8', 'internal.test', 'localhost'], resolve: createTestResolver() });
    for (const url of ['http://127.0.0.1:1/', 'http://[::ffff:127.0.0.1]/', 'http://2130706433/', 'http://10.9.8.7/', 'http://internal.test/', 'http://localhost./'])
      await expect(policy.assertAllowed(url)).resolves.toBeDefined();
    for (const url of ['http://192.168.1.1/', 'http://[::1]/', 'http://169.254.169.254/', 'http://api.localhost/'])
      await expect(policy.assertAllowed(url)).rejects.toMatchObject({ kind: 'url-refused' });
  });
});

describe('OutboundPolicy: spellings an attacker or an operator may use', () => {
  it('treats any number of trailing dots on a loopback name as the name', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver() });
    for (const url of ['http://localhost./', 'http://localhost../', 'http://LocalHost.../v1', 'http://api.localhost../'])
      await expect(policy.assertAllowed(url), url).rejects.toMatchObject({ kind: 'url-refused', message: expect.stringContaining('(loopback)') as string });
  });

  it('reads allowlist entries as written in an environment variable, spaces around them included', async () => {
    const policy = new OutboundPolicy({ allowPrivateTargets: [' 127.0.0.1 ', '\t10.0.0.0/8'], resolve: createTestResolver() });
    await expect(policy.assertAllowed('http://127.0.0.1:1/')).resolves.toBeDefined();
    await expect(policy.assertAllowed('http://10.1.2.3/')).resolves.toBeDefined();
  });
});

describe('classifyAddress', () => {
  it('judges IPv4 carried inside IPv6 by the IPv4 address it carries', () => {
    expect(classifyAddress('::ffff:10.1.2.3')).toMatchObject({ refusal: expect.stringContaining('private') as string, embeddedIpv4: '10.1.2.3' });
    expect(classifyAddress('64:ff9b::a9fe:a9fe').refusal).toContain('cloud metadata service');
    expect(classifyAddress('2002:c0a8:101::1')).toMatchObject({ refusal: expect.stringContaining('private') as string, embeddedIpv4: '192.168.1.1' });
    expect(classifyAddress('64:ff9b::808:808')).toEqual({ refusal: undefined, embeddedIpv4: '8.8.8.8' });
    expect(classifyAddress('2002:808:808::1')).toEqual({ refusal: undefined, embeddedIpv4: '8.8.8.8' });
  });

  it('refuses IPv6 outside global unicast and the deprecated tunnel forms even for public IPv4', () => {
    expect(classifyAddress('4000::1').refusal).toBe('not global unicast');
    expect(classifyAddress('::8.8.8.8').refusal).toContain('deprecated');
    expect(classifyAddress('2001:0:4136:e378:8000:63bf:f7f7:f7f7').refusal).toContain('Teredo');
  });
});
