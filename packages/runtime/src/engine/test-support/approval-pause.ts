import { z } from 'zod';

import { serializeCheckpoint } from '../../checkpoint/serialize';
import type { AgentSnapshot } from '../../config/agent-config.schema';
import type { Message } from '../../contracts/messages';
import type { AnyTool } from '../../contracts/tool-registry';
import type { CreateEngineOptions } from '../assembly/engine-options';
import { createEngine } from '../create-engine';

/** An unsafe money transfer that records each execution (with its idempotency key) in `executed`. */
export function transferTool(executed: unknown[]): AnyTool {
  return {
    name: 'transfer',
    description: 'Move money',
    implementationId: 'bank-tools/v1/transfer',
    inputSchema: z.object({ amount: z.number().positive(), to: z.string() }),
    sideEffects: 'unsafe',
    execute(args: { amount: number; to: string }, context) {
      executed.push({ ...args, idempotencyKey: context.idempotencyKey });
      return Promise.resolve({ content: `sent ${args.amount} to ${args.to}` });
    },
  };
}

/** Runs `snapshot` until it pauses and returns what a host would have persisted. */
export async function runUntilApprovalPause(snapshot: AgentSnapshot, options: CreateEngineOptions, task: string) {
  const engine = createEngine(snapshot, options);
  const outcome = await engine.execute({ task, instanceId: 'run-1' });
  await engine.close();
  return { outcome, stored: serializeCheckpoint(outcome.checkpoint), transcript: JSON.parse(JSON.stringify(outcome.transcript)) as Message[] };
}
