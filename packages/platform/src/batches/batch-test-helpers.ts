import type { Principal } from '../auth/roles';
import type { RunProcessor } from '../execution/run-processor';
import type { TestPlatform } from '../testing';
import { createTestAgent } from '../testing';

/** A scripted agent for batch tests (the test processors below never call its model). */
export async function createBatchAgent(test: TestPlatform, principal: Principal, slug: string): Promise<string> {
  return createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug, config: { demoScript: { replies: [{ text: 'Done.' }] } } });
}

/** How many runs of the batch are `running` now, by the database. */
export async function runningInBatch(test: TestPlatform, batchId: string): Promise<number> {
  return test.platform.database.prisma.run.count({ where: { batchId, status: 'running' } });
}

/**
 * A test processor that records the most runs of the batch it saw running at once, both by its own
 * count of runs in progress and by the database's, then ends the run as the input says: an input
 * containing "fail" fails, anything else succeeds with an output.
 */
export function recordingBatchProcessor(test: TestPlatform, batchId: string, seen: { now: number; max: number; maxInDatabase: number; done: number }): RunProcessor {
  const { prisma } = test.platform.database;
  return {
    async process(run, owner) {
      seen.now += 1;
      seen.max = Math.max(seen.max, seen.now);
      let holdsSlot = true;
      try {
        seen.maxInDatabase = Math.max(seen.maxInDatabase, await runningInBatch(test, batchId));
        // Yield so other claims and runs overlap with this one.
        await new Promise((resolve) => setTimeout(resolve, 1));
        const row = await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { input: true } });
        const text = (row.input as { text?: string }).text ?? '';
        const failed = text.includes('fail');
        // The slot is given back when the update below commits, and another executor of this process may
        // claim it and start before this continuation runs: counted after the update, the two runs would
        // overlap here although they never did in the database. So the run stops counting just before.
        seen.now -= 1;
        holdsSlot = false;
        await prisma.run.updateMany({
          where: { id: run.id, leaseOwner: owner },
          data: failed
            ? { status: 'failed', errorKind: 'tool-error', errorMessage: `failed on ${text}`, leaseOwner: null, finishedAt: new Date() }
            : { status: 'succeeded', output: { text: `done: ${text}` }, leaseOwner: null, finishedAt: new Date() },
        });
      } finally {
        if (holdsSlot) seen.now -= 1;
        seen.done += 1;
      }
    },
  };
}

/** A batch's export read to the end, as the text a client downloads. */
export async function exportText(test: TestPlatform, principal: Principal, input: { batchId: string; format?: 'jsonl' | 'csv' }): Promise<string> {
  let text = '';
  for await (const page of await test.platform.batches.export(principal, input)) text += page;
  return text;
}
