import type { Prisma, StatementRunner } from '@agentloom/db';

import type { NewRunEvent } from '../events/run-event';
import { webhookOutboxEntries } from '../webhooks/enqueue-webhook-deliveries';
import { batcherFor, finishAlone } from './finish-batcher';
import type { FinishRunInput } from './finish-runs-sql';

/** How a run ends: the status and what the run row records with it. */
export interface RunOutcome {
  status: 'succeeded' | 'failed';
  output?: Prisma.InputJsonValue;
  error?: { kind: string; message: string };
}

export { maxFinishesPerStatement, rideFinishes, type SuccessorClaimer } from './finish-batcher';

/**
 * Ends a run in ONE statement (status, lease cleared, the `run-finished` event and any events the
 * caller adds before it, webhook outbox rows, NOTIFY): no BEGIN/COMMIT round trips and no Prisma
 * transaction on the hot path (ADR 0014). Fenced like `fenceRun` (this owner, this attempt, still
 * running) and cancel-wins: returns false — having written nothing — when this executor no longer
 * holds the run's lease for this attempt, or the run's cancel has committed (the caller ends it
 * `cancelled` through the fenced slow path, or recovery does).
 *
 * On `Database.statements` (hot callers; no Prisma client) finishes requested in the same turn of the
 * event loop share that one statement (ADR 0069): each run keeps its own fence, events and outbox
 * rows, and each promise settles only once the statement committed. Should a shared statement fail,
 * each of its runs is tried again alone, so one run's bad data never fails another's finish. Inside
 * a Prisma transaction the run is finished alone, within the caller's transaction.
 */
export function finishRun(
  runner: StatementRunner,
  run: { id: string; attempt: number },
  owner: string,
  outcome: RunOutcome,
  options: { eventsBefore?: readonly NewRunEvent[]; episodePending?: boolean } = {},
): Promise<boolean> {
  const input = finishInput(run, owner, outcome, options);
  if (!('query' in runner)) return finishAlone(runner, input);
  return batcherFor(runner).add(input);
}

function finishInput(
  run: { id: string; attempt: number },
  owner: string,
  outcome: RunOutcome,
  options: { eventsBefore?: readonly NewRunEvent[]; episodePending?: boolean },
): FinishRunInput {
  const finished: NewRunEvent = {
    type: 'run-finished',
    payload: {
      status: outcome.status,
      ...(outcome.output !== undefined ? { output: outcome.output } : {}),
      ...(outcome.error ? { errorKind: outcome.error.kind, message: outcome.error.message } : {}),
    },
  };
  const events = [...(options.eventsBefore ?? []), finished];
  const createdAt = new Date();
  const hooks = webhookOutboxEntries(events.map((event) => ({ runId: run.id, type: event.type, payload: event.payload as Prisma.JsonValue, createdAt })));
  return {
    id: run.id,
    attempt: run.attempt,
    owner,
    status: outcome.status,
    ...(outcome.output !== undefined ? { output: outcome.output } : {}),
    error_kind: outcome.error?.kind ?? null,
    error_message: outcome.error?.message ?? null,
    episode_pending: options.episodePending ?? false,
    created_at: createdAt.toISOString(),
    events: events.map(({ type, payload }) => ({ type, payload })),
    hooks,
  };
}
