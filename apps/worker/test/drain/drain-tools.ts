import { appendFileSync } from 'node:fs';

import { defineTool, type AnyTool } from '@agentloom/runtime';
import { z } from 'zod';

/**
 * Tool module the drain-deadline test loads into worker processes: an unsafe charge whose side effect
 * happens at once (one line in DRAIN_EFFECT_FILE per execution, so a repeat shows), after which it
 * never returns and ignores its abort signal, like a slow HTTP call made without the signal. Every
 * drain of a worker running it therefore runs out.
 */
export const tools: AnyTool[] = [
  defineTool({
    name: 'drain_charge',
    description: 'Charges a card. Not safe to repeat.',
    implementationId: 'agentloom-drain/v1/drain_charge',
    inputSchema: z.object({ cents: z.number().int() }),
    sideEffects: 'unsafe',
    execute: async (_args, context) => {
      appendFileSync(process.env.DRAIN_EFFECT_FILE!, `${context.idempotencyKey}\n`);
      return new Promise<never>(() => undefined);
    },
  }),
];
