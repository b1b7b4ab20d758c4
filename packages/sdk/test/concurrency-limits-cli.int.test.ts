import { describe, expect, it } from 'vitest';

import type { ConcurrencyLimits } from '../src/index.ts';
import { useLiveCli } from './live-cli';

/** `agentloom concurrency-limits` against the production console, over the SDK's `concurrencyLimits`. */
const live = useLiveCli('concurrency-limits-cli');
const { cli } = live;

describe('agentloom concurrency-limits', () => {
  it('lists, sets and removes the tenant’s and an agent’s limits', async () => {
    const empty = await cli('concurrency-limits');
    expect(empty).toMatchObject({ code: 0, stdout: 'Tenant: 0 running, no limit\nNo agent has a limit of its own.\n' });

    const tenant = await cli('concurrency-limits', 'set', '--tenant', '--max', '6');
    expect(tenant).toMatchObject({ code: 0 });
    expect(tenant.stdout).toContain('Tenant: 0 running, at most 6 at once');

    const agentId = (await live.client.agents.resolve('demo-researcher')).id;
    const agent = await cli('concurrency-limits', 'set', '--agent', 'demo-researcher', '--max', '2', '--json');
    expect(agent.code).toBe(0);
    expect(JSON.parse(agent.stdout) as ConcurrencyLimits).toEqual({
      tenant: { maxRunningRuns: 6, running: 0 },
      agents: [{ agentId, agentName: 'Demo researcher', maxRunningRuns: 2, running: 0 }],
    });
    expect((await cli('concurrency-limits', 'list')).stdout).toContain(`Demo researcher (${agentId}): 0 running, at most 2 at once`);
    expect(await live.client.concurrencyLimits.get()).toEqual(JSON.parse(agent.stdout));

    expect((await cli('concurrency-limits', 'set', '--agent', 'demo-researcher', '--max', 'none')).code).toBe(0);
    expect((await cli('concurrency-limits', 'set', '--tenant', '--max', 'none')).code).toBe(0);
    expect(await live.client.concurrencyLimits.get()).toEqual({ tenant: { maxRunningRuns: null, running: 0 }, agents: [] });
  });

  it('refuses bad invocations with usage errors (exit 2) and bad values with the server’s 400 naming the field (exit 1)', async () => {
    const neither = await cli('concurrency-limits', 'set', '--max', '2');
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('concurrency-limits set needs --tenant or --agent');
    expect((await cli('concurrency-limits', 'set', '--tenant')).stderr).toContain('needs --max <n>');
    expect((await cli('concurrency-limits', 'list', '--max', '2')).code).toBe(2);
    expect((await cli('concurrency-limits', 'raise')).code).toBe(2);

    const zero = await cli('concurrency-limits', 'set', '--tenant', '--max', '0');
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain('(field maxRunningRuns)');
    const unknownAgent = await cli('concurrency-limits', 'set', '--agent', 'no-such-agent', '--max', '2');
    expect(unknownAgent.code).toBe(1);
  });
});
