import { preparedStatementText, queryRows, type StatementRunner } from '@agentloom/db';
import { z } from 'zod';

import { DomainError } from '../../errors/domain-error';
import { fromJsonColumn } from '../../execution/engine/json-column';

/**
 * What scoring reads of a finished replay run, in one statement (ADR 0077): the run's outcome and
 * usage, its top-level tool calls in ledger order — (created_at, call id), the order the first
 * divergent call is counted in — each with its step's index, and the run's last step index. Before,
 * three Prisma reads (run, calls, steps). The values are the ones those reads gave: a call's
 * arguments are its edited arguments when it has any (JSON null counts as none, as it did read
 * through Prisma), a call is unmatched when its result says `data.replay = "unmatched"`, latency is
 * finished − started in whole milliseconds (both columns hold milliseconds). With `$2` true (an
 * experiment in live memory mode), also the memory items the run read, each once, in the order first
 * read; a recorded-mode replay read what its case recorded, so the subquery is not run for it.
 */
export const replayRunFactsSql = preparedStatementText(`SELECT jsonb_build_object(
         'status', run.status::text,
         'output', run.output,
         'errorMessage', run.error_message,
         'stepCount', run.step_count,
         'tokens', run.input_tokens::bigint + run.output_tokens,
         'costUsd', run.cost_usd::text,
         'latencyMs', (extract(epoch FROM run.finished_at - run.started_at) * 1000)::bigint,
         'lastStepIndex', (SELECT max(step.index) FROM steps AS step WHERE step.run_id = run.id),
         'calls', COALESCE((
           SELECT jsonb_agg(jsonb_build_object(
                    'name', call.name,
                    'arguments', COALESCE(NULLIF(call.edited_arguments, 'null'::jsonb), call.arguments),
                    'stepIndex', step.index,
                    'unmatched', COALESCE(call.result #>> '{data,replay}' = 'unmatched', false))
                  ORDER BY call.created_at, call.call_id)
             FROM tool_calls AS call LEFT JOIN steps AS step ON step.id = call.step_id AND step.run_id = call.run_id
            WHERE call.run_id = run.id AND call.parent_tool_call_id IS NULL), '[]'::jsonb),
         'memoryRead', CASE WHEN $2::boolean THEN COALESCE((
           SELECT jsonb_agg(jsonb_build_object('id', item.id::text, 'kind', item.kind::text, 'key', item.key, 'content', item.content)
                  ORDER BY read.first_read_at, item.id)
             FROM (SELECT memory_item_id, min(created_at) AS first_read_at FROM memory_injections
                    WHERE run_id = run.id GROUP BY memory_item_id) AS read
             JOIN memory_items AS item ON item.id = read.memory_item_id), '[]'::jsonb) END
       ) AS facts
  FROM runs AS run WHERE run.id = $1::uuid`);

const factsSchema = z.object({
  status: z.string(),
  output: z.unknown(),
  errorMessage: z.string().nullable(),
  stepCount: z.number(),
  tokens: z.number(),
  costUsd: z.string(),
  latencyMs: z.number().nullable(),
  lastStepIndex: z.number().nullable(),
  calls: z.array(z.object({ name: z.string(), arguments: z.unknown(), stepIndex: z.number().nullable(), unmatched: z.boolean() })),
  memoryRead: z.array(z.object({ id: z.string(), kind: z.string(), key: z.string().nullable(), content: z.string() })).nullable(),
});

export type ReplayRunFacts = Omit<z.infer<typeof factsSchema>, 'costUsd'> & { costUsd: number };

/**
 * Reads a replay run's scoring facts inside the caller's transaction; throws `not-found` when the run
 * is gone. `memoryRead` is null unless asked for (live memory mode).
 */
export async function readReplayRunFacts(transaction: StatementRunner, runId: string, options: { memoryRead?: boolean } = {}): Promise<ReplayRunFacts> {
  const rows = await queryRows<{ facts: unknown }>(transaction, replayRunFactsSql, [runId, options.memoryRead ?? false]);
  if (rows.length === 0) throw new DomainError('not-found', `Replay run ${runId} not found`, 'runId');
  const facts = factsSchema.parse(fromJsonColumn(rows[0]!.facts));
  return { ...facts, costUsd: Number(facts.costUsd) };
}
