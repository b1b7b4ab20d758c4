import { runStatuses, type RunView } from '@agentloom/platform';
import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, nextIndexCursorSchema, timestampSchema, viewRegistry } from './view-registry';

const runLinkSchema = z.object({ runId: z.string(), stepIndex: z.number().int().positive() });
const runBudgetViewSchema = z.object({
  maxTokens: z.number().int().optional(),
  maxCostUsd: z.number().optional(),
  onExceeded: z.enum(['fail', 'pause']).optional().describe('`pause`: the run waits for an operator when the budget is spent; absent: it fails.'),
});

const repeatPermissionSchema = z.object({
  allowed: z.boolean(),
  refusedBy: z
    .enum(['status', 'replay', 'archived-agent', 'archived-thread', 'cancelled-batch', 'input'])
    .nullable()
    .describe(
      'The rule that refuses it: `status` (retry: only failed or cancelled runs; fork: not while queued or running), `replay` (a replay of a dataset case; run the experiment again), `archived-agent` (until an admin unarchives the agent), `archived-thread` (retry only; archiving a thread cannot be undone, re-run instead), `cancelled-batch` (retry only; the run is an item of a cancelled batch, re-run instead), `input` (not a text input). Null when allowed.',
    ),
  reason: z.string().nullable().describe('The message the server answers when asked anyway (`409`/`400` on `runId`); null when allowed.'),
});

/** A run as clients see it (`platform.runs` → `RunView`). */
export const runSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    agentVersionId: z.string(),
    agentVersion: z.number().int().describe('The agent version number the run executes; fixed at creation.'),
    threadId: z.string().nullable(),
    threadTitle: z.string().nullable().describe("The thread's title (may be empty); null when the run has no thread."),
    status: z.enum(runStatuses),
    input: jsonValueSchema,
    output: jsonValueSchema,
    error: z.object({ kind: z.string(), message: z.string() }).nullable(),
    attempt: z.number().int(),
    maxAttempts: z.number().int(),
    cancelRequested: z.boolean(),
    usage: z.object({
      modelCalls: z.number().int(),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      costUsd: z.number().describe('Sum of the priced calls; read it with `costKnown`.'),
      costKnown: z.boolean().describe('False when a model the run could call has no prices: `costUsd` is then a lower bound.'),
      toolCalls: z.number().int(),
      steps: z.number().int(),
    }),
    queuedAt: timestampSchema,
    startedAt: timestampSchema.nullable(),
    finishedAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    retryOfRunId: z.string().nullable().describe('The failed run this run retries.'),
    rerunOfRunId: z.string().nullable().describe('The run whose input this run re-runs.'),
    retriedByRunId: z.string().nullable().describe('The run that retries this one.'),
    forkOf: runLinkSchema.nullable().describe('The run this one forks and the step whose checkpoint it started from.'),
    forks: z.array(runLinkSchema).describe('Runs forked from this one (the first 50), oldest first, with the step each started from.'),
    schedule: z
      .object({ scheduleId: z.string(), name: z.string().nullable().describe('The schedule’s current name.'), slot: timestampSchema })
      .nullable()
      .describe('The schedule that fired this run and the slot (fire time) it was created for; null for runs created otherwise.'),
    budget: z
      .object({
        request: runBudgetViewSchema.nullable().describe('The budget given in the create request; null when none was.'),
        version: runBudgetViewSchema.nullable().describe('The agent version’s `runBudget`; null when it has none.'),
      })
      .describe('The budgets that limit this run alone; both apply, and the first spent ends it `failed` with `budget-exceeded` (or pauses it, by policy).'),
    budgetPause: z
      .object({
        scope: z.string().describe('run, agent-daily, agent-monthly, tenant-daily or tenant-monthly.'),
        measure: z.string().describe('tokens or cost-usd.'),
        limit: z.number(),
        used: z.number(),
        message: z.string().describe('The reason shown on the run page.'),
        pausedAt: timestampSchema,
        resumesAt: timestampSchema
          .nullable()
          .describe(
            'When the run resumes by itself if no budget is spent then: the end of the daily or monthly budget’s UTC window. Null when the run’s own budget paused it (only a resume does).',
          ),
      })
      .nullable()
      .describe('Set while the run waits because a budget whose policy is `pause` is spent; resume it with `POST /api/v1/runs/{id}/resume` or cancel it.'),
    repeat: z
      .object({
        retry: repeatPermissionSchema.describe('`POST /api/v1/runs/{id}/retry`; allowed for a run already retried (it answers that retry).'),
        rerun: repeatPermissionSchema.describe('`POST /api/v1/runs/{id}/rerun`.'),
        fork: repeatPermissionSchema.describe('`POST /api/v1/runs/{id}/fork`; the step asked for must also have a kept checkpoint.'),
      })
      .describe(
        'Whether the server would retry, re-run or fork this run, by the rules it enforces; what depends on the request (the version, the fork step, the caller’s role) is judged when it is made.',
      ),
  })
  .register(viewRegistry, { id: 'Run' });

// Fails to compile when RunView gains or loses a field the view does not describe.
type DescribedRun = z.output<typeof runSchema>;
type SameRunKeys = keyof RunView extends keyof DescribedRun ? (keyof DescribedRun extends keyof RunView ? true : never) : never;
export const runSchemaCoversRunView: SameRunKeys = true;

// Fails to compile when the repeat rules gain or lose a rule the view does not name.
type DescribedRule = NonNullable<DescribedRun['repeat']['retry']['refusedBy']>;
type RepeatRule = NonNullable<RunView['repeat']['retry']['refusedBy']>;
type SameRepeatRules = RepeatRule extends DescribedRule ? (DescribedRule extends RepeatRule ? true : never) : never;
export const runSchemaNamesRepeatRules: SameRepeatRules = true;

export const runPageSchema = z.object({ runs: z.array(runSchema), nextCursor: nextCursorSchema }).register(viewRegistry, { id: 'RunPage' });

/** One frame of the event stream (`data:` of an SSE message), and one entry of the JSON page. */
export const runEventSchema = z
  .object({
    seq: z.number().int().describe('Counts from 1 without gaps; the SSE `id`.'),
    type: z.string().describe('Dispatch on it; ignore types you do not know.'),
    payload: z.record(z.string(), jsonValueSchema),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'RunEvent' });

/** An entry of the event log as the JSON page and step details list it (with its run). */
export const storedRunEventSchema = runEventSchema.extend({ runId: z.string() }).register(viewRegistry, { id: 'StoredRunEvent' });

export const runEventPageSchema = z
  .object({
    events: z.array(storedRunEventSchema),
    nextAfterSeq: z.number().int().nullable().describe('Pass as `afterSeq` for the next page; null on the last page.'),
  })
  .register(viewRegistry, { id: 'RunEventPage' });

export const runMessageSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    index: z.number().int(),
    stepId: z.string().nullable(),
    role: z.enum(['system', 'user', 'assistant', 'tool']),
    kind: z.string(),
    content: z.string(),
    toolCalls: jsonValueSchema,
    toolCallId: z.string().nullable(),
    toolName: z.string().nullable(),
    isError: z.boolean(),
    memoryItemIds: z.array(z.string()),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Message' });

export const runMessagePageSchema = z
  .object({ messages: z.array(runMessageSchema), nextCursor: nextIndexCursorSchema })
  .register(viewRegistry, { id: 'RunMessagePage' });
