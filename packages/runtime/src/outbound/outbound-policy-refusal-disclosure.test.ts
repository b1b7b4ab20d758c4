import { describe, expect, it } from 'vitest';

import { createTestResolver } from '../testing/outbound-address-forms';
import { OutboundPolicy } from './outbound-policy';

/**
 * What a refusal may tell the person who saved the URL. A tenant admin saving an agent, webhook or
 * MCP server reads the refusal; if it quoted the address a name resolves to, they could map the
 * deployment's internal DNS one save at a time (ADR 0012).
 */

const internalNames = createTestResolver({
  'payroll-db.corp.internal': ['10.20.30.40'],
  'mapped.corp.internal': ['::ffff:10.20.30.41'],
  'round-robin.corp.internal': ['93.184.216.34', '172.16.9.8'],
  'wireserver.test': ['168.63.129.16'],
});

function connectTimeRefusal(policy: OutboundPolicy, hostname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    policy.lookup(hostname, {}, (error) => (error ? resolve(error.message) : reject(new Error(`${hostname} was not refused`))));
  });
}

describe('OutboundPolicy: a refusal names the host and the class, never the address a name resolves to', () => {
  const policy = new OutboundPolicy({ resolve: internalNames });

  it.each([
    ['payroll-db.corp.internal', '10.20.30.40', 'private'],
    ['mapped.corp.internal', '10.20.30.41', 'private (inside a IPv4-mapped address)'],
    ['round-robin.corp.internal', '172.16.9.8', 'private'],
  ])('at save time: %s', async (hostname, address, refusedClass) => {
    const refusal = await policy.assertAllowed(`https://${hostname}/`).then(
      () => 'not refused',
      (error: Error) => error.message,
    );
    expect(refusal).toBe(`Refused to reach https://${hostname}: ${hostname} resolves to a non-public address (${refusedClass})`);
    expect(refusal).not.toContain(address);
  });

  it('at connect time (the message a failed run carries)', async () => {
    const refusal = await connectTimeRefusal(policy, 'payroll-db.corp.internal');
    expect(refusal).toContain('payroll-db.corp.internal resolves to a non-public address (private)');
    expect(refusal).not.toContain('10.20.30.40');
  });

  it('still repeats a literal address (the saver typed it) and still says when a name does not resolve', async () => {
    await expect(policy.assertAllowed('http://10.20.30.40/')).rejects.toThrow('Refused to reach http://10.20.30.40: 10.20.30.40 is private');
    await expect(policy.assertAllowed('http://payrol-db.corp.internal/')).rejects.toThrow('payrol-db.corp.internal could not be resolved');
  });
});

describe('OutboundPolicy: Azure WireServer (168.63.129.16), public unicast by range', () => {
  const policy = new OutboundPolicy({ resolve: internalNames });

  it('is refused as a literal, on any port, and as a name that resolves to it', async () => {
    await expect(policy.assertAllowed('http://168.63.129.16/machine?comp=goalstate')).rejects.toThrow(
      'Refused to reach http://168.63.129.16: 168.63.129.16 is cloud metadata service',
    );
    await expect(policy.assertAllowed('http://168.63.129.16:32526/vmSettings')).rejects.toMatchObject({ kind: 'url-refused' });
    await expect(policy.assertAllowed('http://[::ffff:a83f:8110]/')).rejects.toMatchObject({ kind: 'url-refused' });
    await expect(policy.assertAllowed('http://wireserver.test/')).rejects.toThrow('wireserver.test resolves to a non-public address (cloud metadata service)');
    expect(await connectTimeRefusal(policy, 'wireserver.test')).toContain('cloud metadata service');
  });

  it('is reachable when the operator allowlists it', async () => {
    const allowing = new OutboundPolicy({ allowPrivateTargets: ['168.63.129.16'], resolve: internalNames });
    await expect(allowing.assertAllowed('http://168.63.129.16/')).resolves.toBeDefined();
  });
});
