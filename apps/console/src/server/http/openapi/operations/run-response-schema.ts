import type { RunView } from '@agentloom/platform';
import { z } from 'zod';

const runLinkSchema = z.object({ runId: z.uuid(), stepIndex: z.number().int().positive() });

/** A run as `/api/v1/runs…` answers it (`RunView`); described for clients, the compile-time check below keeps it true. */
export const runResponseSchema = z.object({
  id: z.uuid(),
  agentId: z.uuid(),
  agentVersionId: z.uuid(),
  agentVersion: z.number().int().positive().describe('The agent version number the run executes.'),
  threadId: z.uuid().nullable(),
  threadTitle: z.string().nullable(),
  status: z.enum(['queued', 'running', 'waiting_human', 'succeeded', 'failed', 'cancelled']),
  input: z.json(),
  output: z.json(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  attempt: z.number().int(),
  maxAttempts: z.number().int(),
  cancelRequested: z.boolean(),
  usage: z.object({
    modelCalls: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    costUsd: z.number(),
    costKnown: z.boolean().describe('False when `costUsd` is a lower bound (a model without prices).'),
    toolCalls: z.number().int(),
    steps: z.number().int(),
  }),
  queuedAt: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  retryOfRunId: z.uuid().nullable(),
  rerunOfRunId: z.uuid().nullable(),
  retriedByRunId: z.uuid().nullable(),
  forkOf: runLinkSchema.nullable().describe('The run this one forks and the step whose checkpoint it started from.'),
  forks: z.array(runLinkSchema).describe('Runs forked from this one (the first 50), with the step each started from.'),
});

// Fails to compile when RunView gains or changes a field the schema does not describe.
type Described = z.output<typeof runResponseSchema>;
type SameKeys = keyof RunView extends keyof Described ? (keyof Described extends keyof RunView ? true : never) : never;
export const runResponseSchemaCoversRunView: SameKeys = true;
