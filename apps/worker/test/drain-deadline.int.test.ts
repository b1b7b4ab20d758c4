import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform, type Principal } from '@agentloom/platform';
import { createTestAgent, silentLogger, testSecretKey } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WorkerFleet } from './soak/worker-fleet';

const drainToolsModule = fileURLToPath(new URL('./drain/drain-tools.ts', import.meta.url));
// Worker start-up (tsx, migrations check) is slow on a loaded 2-core machine.
const workerStartMs = 240_000;

/**
 * SIGTERM with a run whose unsafe tool has made its side effect and never returns (ADR 0108; found by
 * the ops audit, where a worker's drain ran out and ended such a run `cancelled`). The worker's drain
 * time comes from AGENTLOOM_DRAIN_TIMEOUT_MS; when it runs out the run is given back — queued, its
 * attempt kept, no cancel — and the next worker asks an operator about the charge instead of making it
 * again.
 */
describe('a worker whose drain runs out gives its run back (server mode)', () => {
  let database: TestDatabaseConfig;
  let platform: Platform;
  let principal: Principal;
  let fleet: WorkerFleet | undefined;
  const effectFile = join(mkdtempSync(join(tmpdir(), 'agentloom-drain-')), 'effects.log');
  const effects = () => (existsSync(effectFile) ? readFileSync(effectFile, 'utf8').trim().split('\n') : []);

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    platform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
    principal = (await platform.auth.authenticate(platform.seed.adminKey ?? ''))!;
  });
  afterAll(async () => {
    await fleet?.killAll();
    await platform?.close();
    await database?.dispose();
  });

  it('is queued with no cancel after SIGTERM, and resumes to an outcome question without charging twice', { timeout: 600_000 }, async () => {
    const agentId = await createTestAgent(platform.database, {
      tenantId: principal.tenantId,
      slug: 'drain-charger',
      config: {
        builtinTools: [],
        tools: ['drain_charge'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Charging.', toolCalls: [{ name: 'drain_charge', arguments: { cents: 500 } }] }, { text: 'Done.' }] },
      },
    });
    fleet = new WorkerFleet({
      DATABASE_URL: database.config.url!,
      AGENTLOOM_TOOL_MODULES: drainToolsModule,
      DRAIN_EFFECT_FILE: effectFile,
      AGENTLOOM_POLL_MS: '100',
      // The tool never returns: any drain runs out, so a short one keeps the test short.
      AGENTLOOM_DRAIN_TIMEOUT_MS: '200',
      AGENTLOOM_TOOL_ABORT_GRACE_MS: '100',
    });
    fleet.start('first');
    await fleet.waitReady('first', workerStartMs);
    const { run } = await platform.runs.create(principal, { agentId, input: 'charge' });
    const { prisma } = platform.database;
    await expect.poll(() => effects().length, { timeout: 120_000, interval: 100 }).toBe(1);

    const first = fleet.get('first');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'queued',
      attempt: 1,
      cancelRequestedAt: null,
      leaseOwner: null,
    });
    expect(await prisma.toolCall.findMany({ where: { runId: run.id }, select: { status: true } })).toEqual([{ status: 'running' }]);
    const log = readFileSync(fleet.logFiles()[0]!, 'utf8');
    expect(log).toContain('Drain time (200 ms) ran out');
    expect(log).toContain(run.id);

    fleet.start('second');
    await fleet.waitReady('second', workerStartMs);
    await expect
      .poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 120_000, interval: 200 })
      .toBe('waiting_human');
    expect(effects()).toHaveLength(1);
    expect(await prisma.toolCall.findMany({ where: { runId: run.id }, select: { status: true } })).toEqual([{ status: 'outcome_unknown' }]);
  });
});
