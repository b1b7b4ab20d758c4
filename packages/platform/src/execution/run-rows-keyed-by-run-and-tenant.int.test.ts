import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/** One row of each table that hangs off a run, for the run and tenant given. */
const rowsOf: Record<string, (runId: string, tenantId: string) => [string, unknown[]]> = {
  steps: (runId, tenantId) => [`INSERT INTO steps (id, tenant_id, run_id, index, kind, status) VALUES ($1::uuid, $2::uuid, $3::uuid, 900, 'model', 'succeeded')`, [randomUUID(), tenantId, runId]],
  messages: (runId, tenantId) => [`INSERT INTO messages (id, tenant_id, run_id, index, role, content) VALUES ($1::uuid, $2::uuid, $3::uuid, 900, 'user', 'x')`, [randomUUID(), tenantId, runId]],
  tool_calls: (runId, tenantId) => [
    `INSERT INTO tool_calls (id, tenant_id, run_id, call_id, name, implementation_id, side_effects, arguments, idempotency_key) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, 'lookup', 'test/v1', 'none', '{}'::jsonb, $4)`,
    [randomUUID(), tenantId, runId, randomUUID()],
  ],
  checkpoints: (runId, tenantId) => [
    `INSERT INTO checkpoints (id, tenant_id, run_id, seq, step_index, format_version, state, module_bindings, byte_size) VALUES ($1::uuid, $2::uuid, $3::uuid, 900, 0, 1, '{}'::jsonb, '{}'::jsonb, 2)`,
    [randomUUID(), tenantId, runId],
  ],
  run_events: (runId, tenantId) => [`INSERT INTO run_events (tenant_id, run_id, seq, type, payload) VALUES ($1::uuid, $2::uuid, 900, 'probe', '{}'::jsonb)`, [tenantId, runId]],
};

/**
 * ADR 0095: a run's steps, messages, tool calls, checkpoints and events reference the run by (run id, tenant id),
 * so no row can sit under one tenant while it belongs to another tenant's run.
 */
describe.each(databaseModes)('rows of a run carry their run’s tenant (%s)', (mode) => {
  let test: TestPlatform;
  let runId: string;
  let tenantId: string;
  let otherTenantId: string;
  const prisma = () => test.platform.database.prisma;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    const principal = (await test.platform.auth.authenticate(test.adminKey))!;
    tenantId = principal.tenantId;
    const agentId = await createTestAgent(test.platform.database, { tenantId, slug: 'keyed', config: { demoScript: { replies: [{ text: 'Done.' }] } } });
    ({ run: { id: runId } } = await test.platform.runs.create(principal, { agentId, input: 'x' }));
    otherTenantId = (await prisma().tenant.create({ data: { slug: `other-${randomUUID()}`, name: 'Other' } })).id;
  });
  afterAll(() => test?.dispose());

  it.each(Object.keys(rowsOf))('%s: a row under another tenant than its run’s is refused; under the run’s own it is written', async (table) => {
    const [text, values] = rowsOf[table]!(runId, otherTenantId);
    await expect(prisma().$executeRawUnsafe(text, ...values)).rejects.toThrow(`${table}_run_id_tenant_id_fkey`);
    const [ownText, ownValues] = rowsOf[table]!(runId, tenantId);
    await expect(prisma().$executeRawUnsafe(ownText, ...ownValues)).resolves.toBe(1);
  });

  it('erasing the run still takes every such row with it', async () => {
    await prisma().run.delete({ where: { id: runId } });
    for (const table of Object.keys(rowsOf)) {
      const rows = await prisma().$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${table} WHERE run_id = $1::uuid`, runId);
      expect(rows[0]?.count).toBe(0);
    }
  });
});
