import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * The indexes of the tables a tool step writes (ADR 0096). Each one is paid on every write of its table,
 * so an index joins this list only with a query that reads through it; a test failing here asks for that
 * query, not for an update of the list.
 */
const stepPathIndexes: Record<string, string[]> = {
  steps: ['steps_pkey', 'steps_run_id_index_key', 'steps_parent_step_id_idx'],
  tool_calls: ['tool_calls_pkey', 'tool_calls_run_id_call_id_key', 'tool_calls_tenant_id_status_idx', 'tool_calls_parent_tool_call_id_idx', 'tool_calls_step_id_idx'],
  checkpoints: ['checkpoints_pkey', 'checkpoints_run_id_seq_key'],
  run_events: ['run_events_pkey', 'run_events_run_id_call_id_idx', 'run_events_run_id_step_idx', 'run_events_run_finished_idx'],
  // `messages_erased_copies_idx` is partial (content = '[erased]'): a step's writes never enter it; read by
  // readers-of-erased-content.ts once per new run of a thread and per episode.
  messages: [
    'messages_pkey',
    'messages_run_id_index_key',
    'messages_step_id_idx',
    'messages_thread_id_created_at_idx',
    'messages_tenant_id_idx',
    'messages_source_run_ids_idx',
    'messages_erased_copies_idx',
  ],
};

/** Keys whose child column is null in most rows, indexed only where it is set. */
const partialKeyIndexes: [table: string, column: string, index: string][] = [
  ['steps', 'parent_step_id', 'steps_parent_step_id_idx'],
  ['tool_calls', 'parent_tool_call_id', 'tool_calls_parent_tool_call_id_idx'],
  ['tool_calls', 'step_id', 'tool_calls_step_id_idx'],
  ['memory_items', 'superseded_by_id', 'memory_items_superseded_by_id_idx'],
];

describe.each(databaseModes)('indexes follow the queries (%s)', (mode) => {
  let test: TestPlatform;
  const prisma = () => test.platform.database.prisma;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it.each(Object.keys(stepPathIndexes))('%s carries exactly the indexes its queries read', async (table) => {
    const rows = await prisma().$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`, table);
    expect(rows.map((row) => row.indexname).sort()).toEqual([...stepPathIndexes[table]!].sort());
  });

  it('a run event is keyed by (run_id, seq), with no surrogate id', async () => {
    const key = await prisma().$queryRawUnsafe<{ column: string }[]>(
      `SELECT attribute.attname AS column
         FROM pg_constraint AS constraint_row
         JOIN unnest(constraint_row.conkey) WITH ORDINALITY AS key(attnum, position) ON true
         JOIN pg_attribute AS attribute ON attribute.attrelid = constraint_row.conrelid AND attribute.attnum = key.attnum
        WHERE constraint_row.conname = 'run_events_pkey'
        ORDER BY key.position`,
    );
    expect(key.map((row) => row.column)).toEqual(['run_id', 'seq']);
    const id = await prisma().$queryRawUnsafe<unknown[]>(`SELECT 1 FROM information_schema.columns WHERE table_name = 'run_events' AND column_name = 'id'`);
    expect(id).toEqual([]);
  });

  it('every foreign key has an index led by one of its columns', async () => {
    // Without one, each deleted parent row scans the whole child table: erasing one run of 1,000 steps beside
    // 200,000 others took 12 s through `steps.parent_step_id` (ADR 0096), and a tenant with 50 agent versions
    // beside 300,000 runs of other tenants could not be erased through `runs.agent_version_id` (ADR 0097).
    const keys = await prisma().$queryRawUnsafe<{ name: string }[]>(
      `SELECT constraint_row.conname AS name
         FROM pg_constraint AS constraint_row
         JOIN pg_namespace AS namespace ON namespace.oid = constraint_row.connamespace AND namespace.nspname = 'public'
        WHERE constraint_row.contype = 'f'
          AND NOT EXISTS (SELECT 1 FROM pg_index AS index_row
                           WHERE index_row.indrelid = constraint_row.conrelid AND index_row.indkey[0] = ANY (constraint_row.conkey))
        ORDER BY 1`,
    );
    expect(keys.map((key) => key.name)).toEqual([]);
  });

  it('a run names its version and that version’s agent; another agent is refused', async () => {
    const { tenantId } = (await test.platform.auth.authenticate(test.adminKey))!;
    const [first, second] = await Promise.all(
      ['keys-one', 'keys-two'].map((slug) =>
        prisma().agent.create({ data: { tenantId, slug, name: slug, versions: { create: { tenantId, version: 1, configHash: slug, config: {} } } }, include: { versions: true } }),
      ),
    );
    const insert = (agentId: string) =>
      prisma().$executeRawUnsafe(
        `INSERT INTO runs (id, tenant_id, agent_id, agent_version_id, input, updated_at) VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, '{}'::jsonb, now())`,
        tenantId,
        agentId,
        first!.versions[0]!.id,
      );
    await expect(insert(second!.id)).rejects.toThrow('runs_agent_version_id_agent_id_fkey');
    await expect(insert(first!.id)).resolves.toBe(1);
  });

  it("a run's end is found through its own index, not by reading every event of the run (ADR 0099)", async () => {
    // The lookup of `readFinishedSeq` (and of a stream's opening), planned generically: the plan names the
    // partial index, which holds one entry per finished run, instead of the primary key's range of all its events.
    const plan = await prisma().$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await transaction.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
      await transaction.$executeRawUnsafe(`PREPARE finished_seq (uuid) AS SELECT seq FROM run_events WHERE run_id = $1 AND type = 'run-finished' ORDER BY seq LIMIT 1`);
      const lines = await transaction.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN EXECUTE finished_seq ('00000000-0000-0000-0000-000000000000')`);
      await transaction.$executeRawUnsafe(`DEALLOCATE finished_seq`);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('run_events_run_finished_idx');
  });

  it.each(partialKeyIndexes)('a lookup of %s by %s, planned generically as a cascade plans it, can use %s', async (table, column, index) => {
    // Seq scans are priced out, so the plan names the index exactly when its predicate (column IS NOT NULL)
    // is proven by the lookup's `column = $1`, whatever the table's size.
    const plan = await prisma().$transaction(async (transaction) => {
      await transaction.$executeRawUnsafe(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await transaction.$executeRawUnsafe(`SET LOCAL enable_seqscan = off`);
      await transaction.$executeRawUnsafe(`PREPARE cascade_lookup (uuid) AS SELECT 1 FROM ${table} WHERE ${column} = $1`);
      const lines = await transaction.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN EXECUTE cascade_lookup ('00000000-0000-0000-0000-000000000000')`);
      await transaction.$executeRawUnsafe(`DEALLOCATE cascade_lookup`);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(index);
  });
});
