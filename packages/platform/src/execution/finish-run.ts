import { preparedStatement, queryRows, type Prisma, type StatementRunner } from '@agentloom/db';

import { appendRunEventsSql, firstExtraParameter } from '../events/append-run-events-sql';
import { appendRunEventsStatement } from '../events/append-run-events';
import type { NewRunEvent } from '../events/run-event';

/** How a run ends: the status and what the run row records with it. */
export interface RunOutcome {
  status: 'succeeded' | 'failed';
  output?: Prisma.InputJsonValue;
  error?: { kind: string; message: string };
}

const p = firstExtraParameter;
/**
 * Fenced like `fenceRun` (this owner, this attempt, still running) and cancel-wins: a run whose
 * cancel has committed is not finished here.
 */
const finishStatement = preparedStatement(
  appendRunEventsSql({
    set: `status = $${p + 2}::"RunStatus", output = $${p + 3}::jsonb, error_kind = $${p + 4}, error_message = $${p + 5},
        finished_at = now(), updated_at = now(), lease_owner = NULL, lease_expires_at = NULL, heartbeat_at = NULL,
        episode_pending = (run.episode_pending OR $${p + 6}::boolean)`,
    where: `run.lease_owner = $${p} AND run.attempt = $${p + 1}::int AND run.status = 'running' AND run.cancel_requested_at IS NULL`,
  }),
);

/**
 * Ends a run in ONE statement (status, lease cleared, the `run-finished` event and any events the
 * caller adds before it, webhook outbox rows, NOTIFY): no BEGIN/COMMIT round trips and no Prisma
 * transaction on the hot path (ADR 0014). Returns false — having written nothing — when this
 * executor no longer holds the run's lease for this attempt, or the run's cancel has committed
 * (cancel wins: the caller ends it `cancelled` through the fenced slow path, or recovery does).
 * Hot callers pass `Database.statements`, which skips the Prisma client.
 */
export async function finishRun(
  runner: StatementRunner,
  run: { id: string; attempt: number },
  owner: string,
  outcome: RunOutcome,
  options: { eventsBefore?: readonly NewRunEvent[]; episodePending?: boolean } = {},
): Promise<boolean> {
  const finished: NewRunEvent = {
    type: 'run-finished',
    payload: {
      status: outcome.status,
      ...(outcome.output !== undefined ? { output: outcome.output } : {}),
      ...(outcome.error ? { errorKind: outcome.error.kind, message: outcome.error.message } : {}),
    },
  };
  const statement = appendRunEventsStatement(run.id, [...(options.eventsBefore ?? []), finished]);
  const rows = await queryRows(runner, finishStatement, [
    ...statement.parameters,
    owner,
    run.attempt,
    outcome.status,
    outcome.output === undefined ? null : JSON.stringify(outcome.output),
    outcome.error?.kind ?? null,
    outcome.error?.message ?? null,
    options.episodePending ?? false,
  ]);
  return rows.length > 0;
}
