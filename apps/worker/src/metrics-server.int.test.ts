import type { Platform } from '@agentloom/platform';
import { afterEach, describe, expect, it } from 'vitest';

import { startMetricsServer } from './metrics-server';

/** A registry stand-in that says which view it was asked for; the access rules are what is tested here. */
const metrics = {
  contentType: 'text/plain; version=0.0.4; charset=utf-8',
  render: (options: { tenantLabels: boolean } = { tenantLabels: true }) => Promise.resolve(options.tenantLabels ? 'with tenant labels\n' : 'without tenant labels\n'),
} as unknown as Platform['metrics'];

describe("the worker's metrics endpoint", () => {
  let close: () => Promise<void> = () => Promise.resolve();
  afterEach(() => close());

  it('needs the bearer token when one is set, and answers only the label-free view without one', async () => {
    const secured = await startMetricsServer(metrics, 0, 'a-metrics-token-of-16+');
    close = secured.close;
    const url = `http://127.0.0.1:${secured.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    const full = await fetch(url, { headers: { authorization: 'Bearer a-metrics-token-of-16+' } });
    expect([full.status, await full.text()]).toEqual([200, 'with tenant labels\n']);
    expect((await fetch(`http://127.0.0.1:${secured.port}/other`)).status).toBe(404);
    await secured.close();

    const open = await startMetricsServer(metrics, 0, undefined);
    close = open.close;
    const anonymous = await fetch(`http://127.0.0.1:${open.port}/metrics`);
    expect([anonymous.status, await anonymous.text()]).toEqual([200, 'without tenant labels\n']);
  });
});
