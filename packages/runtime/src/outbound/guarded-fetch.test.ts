import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startConnectionRecorder, type ConnectionRecorder } from '../testing/connection-recorder';
import { createTestResolver, refusedAddressForms, urlFor } from '../testing/outbound-address-forms';
import { createGuardedFetch } from './guarded-fetch';
import { OutboundPolicy } from './outbound-policy';

// Only forms that would land on 127.0.0.1 are actually fetched: a guard that failed would send
// them to the loopback recorder, never to another host. The others are covered by the policy's
// own tests (checkUrl and lookup are exactly what this fetch calls).
const loopbackForms = refusedAddressForms.filter((form) => form.reachesLoopback === true);

describe('createGuardedFetch', () => {
  let recorder: ConnectionRecorder;
  beforeAll(async () => {
    recorder = await startConnectionRecorder();
  });
  afterAll(() => recorder.close());

  it.each(loopbackForms.map((form) => [form.form, form] as const))('refuses %s before any connection', async (_label, form) => {
    const guardedFetch = createGuardedFetch(new OutboundPolicy({ resolve: createTestResolver() }));
    await expect(
      guardedFetch(urlFor(form, recorder.port, 'v1/chat/completions'), { method: 'POST', headers: { authorization: 'Bearer sk-secret' }, body: '{}' }),
    ).rejects.toMatchObject({
      kind: 'url-refused',
      message: expect.stringContaining(form.reason!) as string,
    });
    expect(recorder.connections).toBe(0);
  });

  it('refuses a name whose DNS answer changed to loopback after the save-time check', async () => {
    const policy = new OutboundPolicy({ resolve: createTestResolver() });
    await policy.assertAllowed(`http://rebinding.test:${recorder.port}/v1`);
    await expect(createGuardedFetch(policy)(`http://rebinding.test:${recorder.port}/v1`)).rejects.toMatchObject({
      kind: 'url-refused',
      message: expect.stringContaining('rebinding.test resolves to a non-public address (loopback)') as string,
    });
    expect(recorder.connections).toBe(0);
  });

  it('reaches a private target the operator allowed, and reads its reply', async () => {
    const guardedFetch = createGuardedFetch(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }));
    const response = await guardedFetch(`http://127.0.0.1:${recorder.port}/v1/models`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('INTERNAL-ONLY-DATA');
    expect(recorder.requests.map((request) => request.path)).toEqual(['/v1/models']);
  });
});

describe('createGuardedFetch redirects', () => {
  it('does not follow a redirect, even to an allowed target, and never sends the credentials on', async () => {
    const recorder = await startConnectionRecorder(200);
    const seen: string[] = [];
    const redirector = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(307, { location: `http://127.0.0.1:${recorder.port}/internal` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as AddressInfo;
    try {
      const guardedFetch = createGuardedFetch(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }));
      await expect(
        guardedFetch(`http://127.0.0.1:${port}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-secret' }, body: '{}' }),
      ).rejects.toMatchObject({
        kind: 'url-refused',
        message: expect.stringContaining('redirect') as string,
      });
      expect(seen).toEqual(['/v1/chat/completions']);
      expect(recorder.connections).toBe(0);
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
      await recorder.close();
    }
  });
  it('names the server that redirected by scheme, host and port only: a credential in its path or query stays out of the refusal', async () => {
    const redirector = createServer((_request, response) => response.writeHead(301, { location: 'https://mcp.example.com/new-home' }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as AddressInfo;
    try {
      const guardedFetch = createGuardedFetch(new OutboundPolicy({ allowPrivateTargets: ['127.0.0.1'] }));
      await expect(
        guardedFetch(`http://127.0.0.1:${port}/mcp/s/secret-path/mcp?token=secret-query#secret-fragment`, { method: 'POST', body: '{}' }),
      ).rejects.toMatchObject({
        kind: 'url-refused',
        message: `Refused to follow a redirect from http://127.0.0.1:${port} (HTTP 301): outbound calls do not follow redirects`,
      });
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
