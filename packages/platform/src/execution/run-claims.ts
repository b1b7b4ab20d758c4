import { preparedStatement, queryRows, type PrismaClient, type StatementRunner } from '@agentloom/db';

import { appendRunEvents } from '../events/append-run-events';
import { closeCancelledRunCalls } from './close-cancelled-run-calls';
import { claimRunsSql } from './run-claims-sql';

const claimStatement = preparedStatement(claimRunsSql);

/** A run this executor now holds a lease on. */
export interface ClaimedRun {
  id: string;
  tenantId: string;
  agentVersionId: string;
  threadId: string | null;
  attempt: number;
  /** How long the run waited in the queue before this claim (absent where a run is held without a claim). */
  queuedSeconds?: number;
  /**
   * True when the claim saw that the run has committed no step and is no fork: it has no checkpoint, so
   * its attempt starts fresh without reading one. Absent (unknown) where a run is held without a claim.
   */
  fresh?: boolean;
  /**
   * The interrupted step's action-model reply the tool ledger stored (`runs.in_flight_reply`, ADR 0085),
   * raw as the claim read it; null when there is none. Absent where a run is held without a claim.
   */
  inFlightReply?: unknown;
}

/**
 * Claims up to `limit` queued runs, oldest first. `FOR UPDATE SKIP LOCKED` lets any number of
 * executors claim concurrently without blocking each other or double-claiming. One statement does
 * the claim, the `run-started` events and their NOTIFY: a single statement is atomic by itself, so
 * there are no BEGIN/COMMIT round trips, and claiming eight runs costs what claiming one costs
 * (bench/dispatch measured 50–110 ms → 2–10 ms for eight). The event's sequence number comes from
 * the claiming UPDATE, which already holds the row lock `appendRunEvents` would take. A queued run
 * whose cancel has committed is never started: recovery ends it `cancelled`.
 *
 * `toolNames` is the executor's tool catalog: only runs whose agent version enables no other
 * platform tool are claimed (`config.tools <@ catalog`), so an executor never takes a run it would
 * fail with "Unknown tool" while another executor of the fleet could run it (ADR 0011-one-tool-catalog). Undefined
 * claims every run (processors that resolve no tools, such as test processors). Runs of a suspended
 * tenant stay queued (ADR 0035) and are claimed once the tenant is resumed. A `waiting` run (a durable
 * wait, ADR 0044) is claimed like a queued one once its `wake_at` has passed by the database's clock:
 * the row lock and the status change to `running` make that resume happen exactly once, however
 * many executors poll. Its `run-started` event says it woke from a wait. Executors pass
 * `Database.statements`, which skips the Prisma client (ADR 0014).
 *
 * Which runs: `agentloom_claimable_runs` (migration 20261202100000_batches, ADR 0049) picks and
 * row-locks them inside this same statement, enforcing per-tenant and per-agent concurrency limits
 * and each batch's cap: a claim that may start a capped run first takes its tenant's advisory lock
 * and counts running runs after it (a VOLATILE function sees a fresh snapshot), so caps hold across
 * any number of executors. Batch items beyond their batch's free slots are never picked, and
 * interactive runs are read from their own index, so they never queue behind a large batch. When no
 * cap, open batch or due wait exists, the statement picks the oldest interactive runs itself instead,
 * with a plan it keeps (run-claims-sql.ts, ADR 0069): what the function would return, without
 * planning the function's statements on every claim.
 */
export async function claimRuns(runner: StatementRunner, owner: string, limit: number, leaseMs: number, toolNames?: readonly string[]): Promise<ClaimedRun[]> {
  const claimed = await queryRows<ClaimedRunRow>(runner, claimStatement, [owner, limit, leaseMs, catalogParameter(toolNames)]);
  return claimed.map(claimedRunFromRow);
}

/** A claim's tool-catalog parameter: a JSON array, or null for any run. */
export function catalogParameter(toolNames: readonly string[] | undefined): string | null {
  return toolNames === undefined ? null : JSON.stringify(toolNames);
}

/** The row a claim returns per run (`claimedColumnsSql`). */
export interface ClaimedRunRow {
  id: string;
  tenant_id: string;
  agent_version_id: string;
  thread_id: string | null;
  attempt: number;
  queued_seconds: number;
  fresh: boolean | null;
  in_flight_reply: unknown;
}

export function claimedRunFromRow(run: ClaimedRunRow): ClaimedRun {
  return {
    id: run.id,
    tenantId: run.tenant_id,
    agentVersionId: run.agent_version_id,
    threadId: run.thread_id,
    attempt: run.attempt,
    queuedSeconds: Number(run.queued_seconds),
    fresh: run.fresh === true,
    inFlightReply: run.in_flight_reply ?? null,
  };
}

/**
 * Gives a run back to the queue (graceful shutdown), so another executor resumes it without waiting
 * for expiry. It keeps its `queued_at`, as lease recovery does: claims go oldest first, and a run given
 * back by every rolling restart must not go behind the whole backlog each time. A run whose cancel has committed is not given back: it ends `cancelled` here. Fenced
 * like `fenceRun` (this owner, this attempt): when the same executor re-claimed the run after its
 * lease expired, the older attempt's processing settling during a drain must not give back the
 * attempt it is still processing.
 */
export async function releaseRun(prisma: PrismaClient, owner: string, held: { id: string; attempt: number }): Promise<void> {
  await prisma.$transaction(async (transaction) => {
    const released = await transaction.$queryRawUnsafe<{ tenant_id: string; attempt: number; cancelled: boolean }[]>(
      `UPDATE runs SET status = (CASE WHEN cancel_requested_at IS NULL THEN 'queued' ELSE 'cancelled' END)::"RunStatus",
              finished_at = CASE WHEN cancel_requested_at IS NULL THEN NULL ELSE now() END,
              error_kind = CASE WHEN cancel_requested_at IS NULL THEN error_kind ELSE 'aborted' END,
              lease_owner = NULL, lease_expires_at = NULL
        WHERE id = $1::uuid AND lease_owner = $2 AND attempt = $3 AND status = 'running'
    RETURNING tenant_id, attempt, cancel_requested_at IS NOT NULL AS cancelled`,
      held.id,
      owner,
      held.attempt,
    );
    const row = released[0];
    if (!row) return;
    const run = { id: held.id, tenantId: row.tenant_id };
    if (row.cancelled) {
      await appendRunEvents(transaction, run, [
        ...(await closeCancelledRunCalls(transaction, run, row.attempt)),
        {
          type: 'run-finished',
          payload: { status: 'cancelled', reason: 'cancelled', errorKind: 'aborted', message: 'The run was cancelled while its executor shut down' },
        },
      ]);
      return;
    }
    await appendRunEvents(transaction, run, [{ type: 'run-queued', payload: { reason: 'executor shutting down' } }]);
    await transaction.$executeRawUnsafe("SELECT pg_notify('agentloom_runs_queued', $1)", held.id);
  });
}
