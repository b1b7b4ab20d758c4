import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createClient, createOperatorClient, type Agent, type Tenant } from '../src/index.ts';
import { startLiveConsole, type LiveConsole } from './live-console';
import { runAgentloom } from './run-cli-process';

/** `agentloom tenants …` with the operator key and `agentloom agents …` with the tenant key it minted. */
let live: LiveConsole;
let configFolder: string;

beforeAll(async () => {
  live = await startLiveConsole('tenants-cli');
  configFolder = mkdtempSync(path.join(tmpdir(), 'agentloom-agent-config-'));
}, 600_000);

afterAll(async () => {
  await live?.stop();
  if (configFolder) rmSync(configFolder, { recursive: true, force: true });
});

function configFile(name: string, config: unknown): string {
  const file = path.join(configFolder, name);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('agentloom tenants and agents', () => {
  it('creates a tenant, mints its admin key, and that key creates, versions, runs and archives an agent', async () => {
    const asOperator = { AGENTLOOM_URL: live.baseUrl, AGENTLOOM_OPERATOR_KEY: live.seeded.operatorKey };
    const created = await runAgentloom(['tenants', 'create', 'cli-tenant', '--name', 'CLI tenant', '--retention-days', '30', '--json'], asOperator);
    expect(created.code, created.stderr).toBe(0);
    const tenant = JSON.parse(created.stdout) as Tenant;
    expect(tenant).toMatchObject({ slug: 'cli-tenant', retentionDays: 30 });

    const invalid = await runAgentloom(['tenants', 'update', tenant.id, '--rate-limit-burst', '0'], asOperator);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('(field rateLimitBurst)');

    const minted = await runAgentloom(['tenants', 'admin-key', tenant.id], asOperator);
    expect(minted.code, minted.stderr).toBe(0);
    const tenantKey = minted.stdout.trim();
    expect(tenantKey).toMatch(/^al_/);
    // The tenant key is not an operator key, and the tenant's admin cannot manage tenants.
    const refused = await runAgentloom(['tenants', 'list'], { AGENTLOOM_URL: live.baseUrl, AGENTLOOM_OPERATOR_KEY: tenantKey });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('forbidden');

    const asTenant = { AGENTLOOM_URL: live.baseUrl, AGENTLOOM_API_KEY: tenantKey };
    const unrunnable = await runAgentloom(['agents', 'create', 'helper', '--name', 'Helper', '--config', configFile('empty.json', {})], asTenant);
    expect(unrunnable.code).toBe(1);
    expect(unrunnable.stderr).toContain('validation');
    const agentCreated = await runAgentloom(
      ['agents', 'create', 'helper', '--name', 'Helper', '--config', configFile('v1.json', { demoScript: { replies: [{ text: 'Done.' }] } }), '--json'],
      asTenant,
    );
    expect(agentCreated.code, agentCreated.stderr).toBe(0);
    expect((JSON.parse(agentCreated.stdout) as Agent).latestVersion).toBe(1);
    const saved = await runAgentloom(
      ['agents', 'save', 'helper', '--config', configFile('v2.json', { demoScript: { replies: [{ text: 'Done again.' }] } })],
      asTenant,
    );
    expect(saved.stdout).toContain('Saved helper version 2');

    const run = await runAgentloom(['run', 'helper', 'Hello from the CLI', '--follow'], asTenant);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Done again.');

    const archived = await runAgentloom(['agents', 'archive', 'helper'], asTenant);
    expect(archived.stdout).toContain('helper archived');
    const listed = await runAgentloom(['agents', 'list'], asTenant);
    expect(listed.stdout).toMatch(/helper\s+v2\s+\(archived\)/);

    // The demo tenant never sees the new tenant's agent.
    const demo = createClient({ baseUrl: live.baseUrl, apiKey: live.seeded.adminKey });
    expect((await demo.agents.list({ includeArchived: true })).map((agent) => agent.slug)).not.toContain('helper');

    const suspended = await runAgentloom(['tenants', 'suspend', tenant.id], asOperator);
    expect(suspended.stdout).toContain('SUSPENDED');
    const whileSuspended = await runAgentloom(['agents', 'list'], asTenant);
    expect(whileSuspended.code).toBe(1);
    expect(whileSuspended.stderr).toContain('tenant-suspended');

    const operator = createOperatorClient({ baseUrl: live.baseUrl, operatorKey: live.seeded.operatorKey });
    await operator.tenants.resume(tenant.id);
    const erased = await runAgentloom(['tenants', 'erase', tenant.id, '--confirm', 'cli-tenant'], asOperator);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.stdout).toMatch(/agents\s+1/);
    expect((await operator.tenants.list()).map((remaining) => remaining.slug)).toEqual(['demo']);
  }, 600_000);
});
