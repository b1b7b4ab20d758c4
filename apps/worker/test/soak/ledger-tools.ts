import { setTimeout as sleep } from 'node:timers/promises';

import { defineTool, type AnyTool, type BasicToolContext } from '@agentloom/runtime';
import { z } from 'zod';

import { recordSoakEffect, soakDatabase } from './soak-ledger-database';

/**
 * Tool module the soak tests load into worker processes (AGENTLOOM_TOOL_MODULES). Both tools write
 * to tables the test creates (soak-schema.ts) through the worker's own DATABASE_URL, after a random
 * delay that widens the window in which a kill -9 lands mid-call.
 */

const maximumDelayMs = Number(process.env.SOAK_TOOL_MAX_DELAY_MS ?? 120);

/** Waits up to the maximum delay, but gives up when the run is cancelled or the lease is lost. */
async function randomDelay(context: BasicToolContext): Promise<void> {
  await sleep(Math.floor(Math.random() * maximumDelayMs), undefined, { signal: context.signal });
}

export const tools: AnyTool[] = [
  defineTool({
    name: 'ledger_append',
    description: 'Appends an entry to the soak ledger. Not safe to repeat: every execution adds a row.',
    implementationId: 'agentloom-soak/v1/ledger_append',
    inputSchema: z.object({ entry: z.number().int() }),
    sideEffects: 'unsafe',
    execute: async (args, context) => {
      await randomDelay(context);
      await recordSoakEffect(context, args.entry);
      return { content: `Appended entry ${args.entry}` };
    },
  }),
  defineTool({
    name: 'ledger_mark',
    description: 'Marks an entry in the soak ledger. Idempotent: keyed by the idempotency key, repeats only count.',
    implementationId: 'agentloom-soak/v1/ledger_mark',
    inputSchema: z.object({ entry: z.number().int() }),
    sideEffects: 'idempotent',
    execute: async (args, context) => {
      await randomDelay(context);
      await soakDatabase().query(
        `INSERT INTO soak_marks (idempotency_key, run_id, entry, executions, worker_pid) VALUES ($1, $2, $3, 1, $4)
         ON CONFLICT (idempotency_key) DO UPDATE SET executions = soak_marks.executions + 1, worker_pid = EXCLUDED.worker_pid`,
        [context.idempotencyKey, context.instanceId, args.entry, process.pid],
      );
      return { content: `Marked entry ${args.entry}` };
    },
  }),
];
