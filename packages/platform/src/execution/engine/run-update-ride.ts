import type { StepResult } from '@agentloom/runtime';

import { appendRunEventsSql, firstExtraParameter } from '../../events/append-run-events-sql';
import { usageCountsOf } from './step-usage';
import { noDeferredCounts, type DeferredCounts } from './write-deferred-steps';

/**
 * A run update that rides on the statement appending the step's events (ADR 0084): that statement
 * already updates the run's row to allocate the event sequence, so the step's counters — and, when
 * the step ends the run with its output, the run's end — are written by the same UPDATE instead of a
 * statement of their own before it. `sql` is the whole append statement; `parameters` follow the
 * append's own.
 */
export interface RunUpdateRide {
  sql: string;
  parameters: unknown[];
}

/** What a step (and the deferred steps it commits) adds to its run's counters: the deferred steps' totals, with this step in. */
export type RunCounterIncrements = DeferredCounts;

export function runCounterIncrements(result: StepResult, deferred: DeferredCounts = noDeferredCounts): RunCounterIncrements {
  const counts = usageCountsOf(result);
  const increments = { ...deferred, steps: deferred.steps + 1 };
  for (const key of Object.keys(counts) as (keyof typeof counts)[]) increments[key] += counts[key];
  return increments;
}

const parameter = (offset: number) => `$${firstExtraParameter + offset}`;

/** The counters, as the Prisma path increments them; `updated_at` is the events' `created_at` ($3). */
const countersSet = [
  `step_count = run.step_count + ${parameter(0)}::int`,
  `model_calls = run.model_calls + ${parameter(1)}::int`,
  `tool_call_count = run.tool_call_count + ${parameter(2)}::int`,
  `input_tokens = run.input_tokens + ${parameter(3)}::int`,
  `output_tokens = run.output_tokens + ${parameter(4)}::int`,
  `cost_usd = run.cost_usd + ${parameter(5)}::numeric`,
  `served_tokens = run.served_tokens + ${parameter(6)}::int`,
  `served_cost_usd = run.served_cost_usd + ${parameter(7)}::numeric`,
  'updated_at = $3::timestamptz',
].join(', ');

const countersStatement = appendRunEventsSql({ set: countersSet });

/** A run that succeeded: its output, its end, its lease released, and its episode flag when it becomes one. */
const succeededStatement = appendRunEventsSql({
  set: `${countersSet}, status = 'succeeded'::"RunStatus", output = ${parameter(8)}::jsonb, finished_at = $3::timestamptz,
        lease_owner = NULL, lease_expires_at = NULL, episode_pending = run.episode_pending OR ${parameter(9)}::boolean`,
});

function counterParameters(increments: RunCounterIncrements): unknown[] {
  return [
    increments.steps,
    increments.modelCalls,
    increments.toolCallCount,
    increments.inputTokens,
    increments.outputTokens,
    String(increments.costUsd),
    increments.servedTokens,
    String(increments.servedCostUsd),
  ];
}

/** The run goes on: only its counters. */
export function countersRide(increments: RunCounterIncrements): RunUpdateRide {
  return { sql: countersStatement, parameters: counterParameters(increments) };
}

/** The run ends `succeeded` with this output; `episode` sets `episode_pending` (the maintenance sweep's job). */
export function succeededRide(increments: RunCounterIncrements, output: string, episode: boolean): RunUpdateRide {
  return { sql: succeededStatement, parameters: [...counterParameters(increments), JSON.stringify({ text: output }), episode] };
}
