import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';
import { z } from 'zod';

import type { NewRunEvent } from '../../events/run-event';
import { fromJsonColumn } from './json-column';
import type { StepCommittedPayload } from './step-committed-payload';
import type { StepRowsDocument } from './write-step-rows';

/** A whole ordinary step for `agentloom_commit_step`: its rows, the fence, usage and events. */
export interface CommitStepDocument extends StepRowsDocument {
  owner: string;
  attempt: number;
  usage: { modelCalls: number; toolCallCount: number; inputTokens: number; outputTokens: number; costUsd: number; servedTokens: number; servedCostUsd: number };
  /** The step's events before `step-committed`, which the function appends with the step's id. */
  events: NewRunEvent[];
  stepCommitted: StepCommittedPayload;
  /**
   * The step ends the run with its output (ADR 0101): the run becomes `succeeded` in the same statement and
   * `run-finished` follows `step-committed`. `closeLeftovers`: calls of the run left running or of unknown
   * outcome must be closed at the end, which only the general path does, so the statement then writes nothing
   * and answers `leftovers`.
   */
  finish?: { output: string; episode: boolean; closeLeftovers: boolean };
}

const commitStepResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('committed'), stepId: z.string() }),
  z.object({ outcome: z.literal('lease-lost') }),
  z.object({ outcome: z.literal('cancel-requested') }),
  z.object({ outcome: z.literal('leftovers') }),
]);

export type CommitStepResult = z.infer<typeof commitStepResultSchema>;

const commitStep = preparedStatement('SELECT agentloom_commit_step($1::jsonb) AS result');

/**
 * Commits an ordinary step, or a step that ends the run with its output, in one statement, which is its own
 * transaction. Writes nothing when the lease is lost, the run's cancel has committed, or an end would leave
 * calls open; the caller decides what that means. `runner` is
 * the driver (`Database.statements`, ADR 0072) on the executor's path, or a Prisma client.
 */
export async function commitStepStatement(runner: StatementRunner, document: CommitStepDocument): Promise<CommitStepResult> {
  const rows = await queryRows<{ result: unknown }>(runner, commitStep, [JSON.stringify(document)]);
  return commitStepResultSchema.parse(fromJsonColumn(rows[0]?.result));
}
