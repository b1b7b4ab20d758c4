import { describe, expect, it } from 'vitest';

import { classifyAddress } from './address-classification';

/**
 * Exact verdicts, so a refusal that names the wrong form or extracts the wrong IPv4 address fails
 * here and not only "is it refused" (the policy matrix checks that).
 */
describe('classifyAddress: the IPv4 address carried inside IPv6, exactly', () => {
  it.each([
    ['::ffff:127.0.0.1', 'loopback (IPv4 127.0.0.1 inside a IPv4-mapped address)', 'loopback (inside a IPv4-mapped address)', '127.0.0.1'],
    ['::ffff:0:7f00:1', 'loopback (IPv4 127.0.0.1 inside a IPv4-translated address)', 'loopback (inside a IPv4-translated address)', '127.0.0.1'],
    ['64:ff9b::7f00:1', 'loopback (IPv4 127.0.0.1 inside a NAT64 address)', 'loopback (inside a NAT64 address)', '127.0.0.1'],
    ['2002:7f00:1::', 'loopback (IPv4 127.0.0.1 inside a 6to4 address)', 'loopback (inside a 6to4 address)', '127.0.0.1'],
    // Teredo: server 65.54.227.120 in bits 32–63, client 192.0.2.45 bit-inverted in the last 32 bits.
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved (IPv4 192.0.2.45 inside a Teredo address)', 'reserved (inside a Teredo address)', '65.54.227.120, 192.0.2.45'],
    ['2001:0:808:808:0:0:fefe:fefe', 'Teredo address (deprecated tunnel form)', 'Teredo address (deprecated tunnel form)', '8.8.8.8, 1.1.1.1'],
    // A resolver prints IPv4-compatible addresses in dotted form; read as mapped, 8.8.8.8 would pass.
    ['::8.8.8.8', 'IPv4-compatible address (deprecated tunnel form)', 'IPv4-compatible address (deprecated tunnel form)', '8.8.8.8'],
  ])('%s → %s', (literal, refusal, refusedClass, embeddedIpv4) => {
    expect(classifyAddress(literal)).toEqual({ refusal, refusedClass, embeddedIpv4 });
  });

  it('lets NAT64 and 6to4 addresses of public IPv4 hosts through, naming what they carry', () => {
    expect(classifyAddress('64:ff9b::808:808')).toEqual({ refusal: undefined, refusedClass: undefined, embeddedIpv4: '8.8.8.8' });
    expect(classifyAddress('2002:808:808::')).toEqual({ refusal: undefined, refusedClass: undefined, embeddedIpv4: '8.8.8.8' });
  });
});

describe('classifyAddress: everything else', () => {
  it('names cloud metadata endpoints, IPv6 included, before any range', () => {
    expect(classifyAddress('169.254.169.254').refusal).toBe('cloud metadata service');
    expect(classifyAddress('fd00:ec2::254').refusal).toBe('cloud metadata service');
    expect(classifyAddress('100.100.100.200').refusal).toBe('cloud metadata service');
  });

  it('refuses the Azure WireServer (168.63.129.16), a platform endpoint in public unicast space, in every spelling', () => {
    expect(classifyAddress('168.63.129.16').refusal).toBe('cloud metadata service');
    expect(classifyAddress('::ffff:168.63.129.16').refusal).toContain('cloud metadata service');
    expect(classifyAddress('64:ff9b::a83f:8110').refusal).toContain('cloud metadata service');
    // Its neighbours are ordinary public addresses.
    expect(classifyAddress('168.63.129.17').refusal).toBeUndefined();
  });

  // Other providers' metadata endpoints fall in ranges refused anyway; listed so a change of range table notices.
  it.each([
    ['169.254.169.254', 'AWS, GCP, Azure, OCI, DigitalOcean, OpenStack instance metadata'],
    ['fd00:ec2::254', 'AWS instance metadata over IPv6'],
    ['169.254.170.2', 'AWS ECS task credentials'],
    ['100.100.100.200', 'Alibaba Cloud metadata'],
    ['192.0.0.192', 'Oracle Cloud Classic metadata'],
    ['169.254.0.23', 'Tencent Cloud metadata'],
  ])('refuses %s (%s)', (literal) => {
    expect(classifyAddress(literal).refusal).toBeDefined();
  });

  it('names no address in the class of a refusal', () => {
    const verdict = classifyAddress('::ffff:10.20.30.40');
    expect(verdict.refusal).toContain('10.20.30.40');
    expect(verdict.refusedClass).toBe('private (inside a IPv4-mapped address)');
  });

  it('refuses a scoped address even when the address itself is public', () => {
    expect(classifyAddress('2001:4860:4860::8888%eth0')).toEqual({ refusal: 'scoped (zone) address', refusedClass: 'scoped (zone) address', embeddedIpv4: undefined });
    expect(classifyAddress('2001:4860:4860::8888')).toEqual({ refusal: undefined, embeddedIpv4: undefined });
  });

  it('reads bracketed literals as URLs write them, and refuses what is no address', () => {
    expect(classifyAddress('[::1]')).toEqual({ refusal: 'loopback', refusedClass: 'loopback', embeddedIpv4: undefined });
    expect(classifyAddress('example.com')).toEqual({ refusal: 'not an IP address', refusedClass: 'not an IP address', embeddedIpv4: undefined });
  });
});
