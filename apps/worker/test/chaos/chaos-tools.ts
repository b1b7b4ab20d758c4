import { setTimeout as sleep } from 'node:timers/promises';

import { defineTool, type AnyTool } from '@agentloom/runtime';
import { z } from 'zod';

import { recordSoakEffect } from '../soak/soak-ledger-database';

/**
 * Tool module the cancel-chaos test loads into worker processes. Both tools are `unsafe`: each
 * execution first writes its effect to `soak_ledger` (keyed by the call's idempotency key, so an
 * effect repeated by any attempt shows up as a duplicate), then waits. One throws as soon as its
 * signal aborts (as timers/promises and fetch do); the other ignores its signal entirely, so a
 * cancel must abandon it after the grace period.
 */

const maximumDelayMs = Number(process.env.CHAOS_TOOL_MAX_DELAY_MS ?? 400);
const stubbornDelayMs = Number(process.env.CHAOS_STUBBORN_DELAY_MS ?? 2_000);

export const tools: AnyTool[] = [
  defineTool({
    name: 'chaos_throwing',
    description: 'Records an effect, then waits; throws the moment the run is cancelled.',
    implementationId: 'agentloom-chaos/v1/chaos_throwing',
    inputSchema: z.object({ entry: z.number().int() }),
    sideEffects: 'unsafe',
    execute: async (args, context) => {
      await recordSoakEffect(context, args.entry);
      await sleep(Math.floor(Math.random() * maximumDelayMs), undefined, { signal: context.signal });
      return { content: `Recorded entry ${args.entry}` };
    },
  }),
  defineTool({
    name: 'chaos_stubborn',
    description: 'Records an effect, then waits, ignoring cancellation.',
    implementationId: 'agentloom-chaos/v1/chaos_stubborn',
    inputSchema: z.object({ entry: z.number().int() }),
    sideEffects: 'unsafe',
    execute: async (args, context) => {
      await recordSoakEffect(context, args.entry);
      await sleep(stubbornDelayMs / 2 + Math.floor(Math.random() * stubbornDelayMs));
      return { content: `Recorded entry ${args.entry}, eventually` };
    },
  }),
];
