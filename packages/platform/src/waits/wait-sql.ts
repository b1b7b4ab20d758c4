import type { Prisma } from '@agentloom/db';
import type { JsonValue, WaitRequest, WaitState } from '@agentloom/runtime';

interface WaitRow {
  kind: string;
  status: 'pending' | 'delivered' | 'completed' | 'cancelled';
  wake_at: Date | null;
  payload: JsonValue | null;
  delivered_at: Date | null;
  /** wake_at has passed by the database's clock (the clock the claim uses too). */
  due: boolean;
}

/**
 * Records a call's wait once (the wake time from the database's clock, so every process agrees on
 * it) and returns its row. A second call for the same (run, call) returns the first row unchanged.
 * Throws the unique violation of `run_waits_pending_correlation_key` when another pending wait of
 * the tenant has the key. Runs in a transaction that has fenced the run (`PrismaWaitPort`).
 */
export async function registerWaitStatement(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  callId: string,
  id: string,
  request: WaitRequest,
): Promise<WaitRow> {
  const at = request.kind === 'timer' && 'at' in request ? request.at : null;
  const afterMs = request.kind === 'timer' ? ('afterMs' in request ? request.afterMs : null) : (request.timeoutMs ?? null);
  const rows = await transaction.$queryRawUnsafe<WaitRow[]>(
    `WITH inserted AS (
       INSERT INTO run_waits (id, tenant_id, run_id, call_id, kind, correlation_key, wake_at)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6,
               CASE WHEN $7::timestamptz IS NOT NULL THEN $7::timestamptz
                    WHEN $8::double precision IS NOT NULL THEN now() + make_interval(secs => $8::double precision / 1000) END)
       ON CONFLICT (run_id, call_id) DO NOTHING
       RETURNING kind, status, wake_at, payload, delivered_at
     ), found AS (
       SELECT kind, status, wake_at, payload, delivered_at FROM inserted
       UNION ALL
       SELECT kind, status, wake_at, payload, delivered_at FROM run_waits WHERE run_id = $3::uuid AND call_id = $4
     )
     SELECT kind, status::text AS status, wake_at, payload, delivered_at, COALESCE(wake_at <= now(), false) AS due FROM found LIMIT 1`,
    id,
    run.tenantId,
    run.id,
    callId,
    request.kind,
    request.kind === 'event' ? request.correlationKey : null,
    at,
    afterMs,
  );
  return rows[0]!;
}

/**
 * A pending wait whose time has passed ends here (the timer elapsed, or the event timed out), in
 * a statement that loses to a concurrent delivery: both update the row, whichever commits first
 * wins, and the loser sees the winner's status. Frees the correlation key for new waits. Runs in the
 * fenced transaction that registered the wait.
 */
export async function completeDueWaitStatement(transaction: Prisma.TransactionClient, runId: string, callId: string): Promise<WaitRow | undefined> {
  const rows = await transaction.$queryRawUnsafe<WaitRow[]>(
    `UPDATE run_waits SET status = CASE WHEN status = 'pending' AND wake_at <= now() THEN 'completed'::"RunWaitStatus" ELSE status END
      WHERE run_id = $1::uuid AND call_id = $2
  RETURNING kind, status::text AS status, wake_at, payload, delivered_at, COALESCE(wake_at <= now(), false) AS due`,
    runId,
    callId,
  );
  return rows[0];
}

/** The tool's view of a row: delivered beats due; a completed row is an elapsed timer or a timed-out event. */
export function waitStateOf(row: WaitRow): WaitState {
  if (row.status === 'delivered') return { status: 'delivered', payload: row.payload ?? null, deliveredAt: (row.delivered_at ?? new Date()).toISOString() };
  const wakeAt = row.wake_at?.toISOString() ?? null;
  if (row.status === 'pending' && !row.due) return { status: 'pending', wakeAt };
  return row.kind === 'event' ? { status: 'timed-out', wakeAt: wakeAt ?? '' } : { status: 'elapsed', wakeAt: wakeAt ?? '' };
}

/**
 * When a run parked on these calls' waits becomes claimable: now when any of them already ended
 * (an event delivered before the step committed), else the earliest wake time (NULL: no timer,
 * only an event can wake it). Runs in the step's transaction, under the run row lock.
 */
export async function parkRunStatement(transaction: Prisma.TransactionClient, runId: string, callIds: readonly string[]): Promise<Date | null> {
  const rows = await transaction.$queryRawUnsafe<{ wake_at: Date | null }[]>(
    `UPDATE runs SET wake_at = (
        SELECT CASE WHEN bool_or(status <> 'pending' OR wake_at <= now()) THEN now() ELSE min(wake_at) END
          FROM run_waits WHERE run_id = $1::uuid AND call_id = ANY($2::text[]))
      WHERE id = $1::uuid
  RETURNING wake_at`,
    runId,
    callIds,
  );
  return rows[0]?.wake_at ?? null;
}
