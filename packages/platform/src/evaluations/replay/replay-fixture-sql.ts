import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

/**
 * A replay run's experiment result, experiment, case, dataset policy and recording time in one
 * statement; no row for a run that is not a replay. Before, one Prisma read with four nested
 * relations, which the Prisma client sends as five statements — for every attempt of every run,
 * live ones included, since the read is what tells a replay from a live run.
 */
const readReplayFixture = preparedStatement(`SELECT result.id::text AS result_id, result.experiment_id::text AS experiment_id,
       experiment.model_mode, experiment.memory_mode, experiment.scorers, experiment.baseline_experiment_id::text AS baseline_experiment_id,
       eval_case.id::text AS case_id, eval_case.created_at AS case_created_at, eval_case.input, eval_case.thread_context,
       eval_case.memory_injections, eval_case.tool_results, eval_case.transcript, eval_case.recorded_metrics,
       eval_case.final_output, eval_case.expected_output, dataset.unmatched_tool_policy, source_run.created_at AS recorded_at
  FROM eval_results AS result
  JOIN eval_experiments AS experiment ON experiment.id = result.experiment_id
  JOIN eval_cases AS eval_case ON eval_case.id = result.case_id
  JOIN eval_datasets AS dataset ON dataset.id = eval_case.dataset_id
  LEFT JOIN runs AS source_run ON source_run.id = eval_case.source_run_id
 WHERE result.run_id = $1::uuid`);

export interface ReplayFixtureRow {
  result_id: string;
  experiment_id: string;
  model_mode: string;
  memory_mode: string;
  scorers: unknown;
  baseline_experiment_id: string | null;
  case_id: string;
  case_created_at: Date | string;
  input: string;
  thread_context: unknown;
  memory_injections: unknown;
  tool_results: unknown;
  transcript: unknown;
  recorded_metrics: unknown;
  final_output: string | null;
  expected_output: string | null;
  unmatched_tool_policy: string;
  recorded_at: Date | string | null;
}

export async function readReplayFixtureStatement(statements: StatementRunner, runId: string): Promise<ReplayFixtureRow | undefined> {
  const [row] = await queryRows<ReplayFixtureRow>(statements, readReplayFixture, [runId]);
  return row;
}
