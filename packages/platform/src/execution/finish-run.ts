import { preparedStatement, queryRows, type Prisma, type RawSql, type StatementRunner } from '@agentloom/db';

import type { NewRunEvent } from '../events/run-event';
import { webhookOutboxEntries } from '../webhooks/enqueue-webhook-deliveries';
import { finishRunsSql, type FinishRunInput } from './finish-runs-sql';

/** How a run ends: the status and what the run row records with it. */
export interface RunOutcome {
  status: 'succeeded' | 'failed';
  output?: Prisma.InputJsonValue;
  error?: { kind: string; message: string };
}

const finishStatement = preparedStatement(finishRunsSql);
/** Finishes sent in one statement at most; more wait for the next one. */
export const maxFinishesPerStatement = 64;

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

async function finishAlone(runner: StatementRunner, input: FinishRunInput): Promise<boolean> {
  return (await finishTogether(runner, [input])).has(input.id);
}

async function finishTogether(runner: StatementRunner, inputs: readonly FinishRunInput[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(runner, finishStatement, [JSON.stringify(inputs)]);
  return new Set(rows.map((row) => row.id));
}

interface PendingFinish {
  input: FinishRunInput;
  resolve: (finished: boolean) => void;
  reject: (error: unknown) => void;
}

/** One per statement runner: gathers the finishes of one event-loop turn into one statement. */
class FinishBatcher {
  private pending: PendingFinish[] = [];
  private scheduled = false;

  constructor(private readonly runner: RawSql) {}

  add(input: FinishRunInput): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.pending;
    this.pending = [];
    // A run asked to finish twice in one turn (a caller's bug) is sent in a statement of its own:
    // one statement updates a row once, and both callers must get a true answer.
    const seen = new Set<string>();
    let batch: PendingFinish[] = [];
    for (const finish of all) {
      if (seen.has(finish.input.id) || batch.length === maxFinishesPerStatement) {
        void this.send(batch);
        batch = [];
        seen.clear();
      }
      seen.add(finish.input.id);
      batch.push(finish);
    }
    if (batch.length > 0) void this.send(batch);
  }

  /** Never rejects: every finish's own promise carries its outcome. */
  private async send(batch: readonly PendingFinish[]): Promise<void> {
    try {
      const finished = await finishTogether(
        this.runner,
        batch.map((finish) => finish.input),
      );
      for (const finish of batch) finish.resolve(finished.has(finish.input.id));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the failed statement committed: each run is tried again alone.
      await Promise.all(batch.map((finish) => finishAlone(this.runner, finish.input).then(finish.resolve, finish.reject)));
    }
  }
}

const batchers = new WeakMap<RawSql, FinishBatcher>();

function batcherFor(runner: RawSql): FinishBatcher {
  let batcher = batchers.get(runner);
  if (!batcher) {
    batcher = new FinishBatcher(runner);
    batchers.set(runner, batcher);
  }
  return batcher;
}
