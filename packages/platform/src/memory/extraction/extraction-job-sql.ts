import { rawSqlFor, type Prisma } from '@agentloom/db';

/**
 * The statements that move a `memory_extractions` job (ADR 0024). Every time in them comes from the
 * database's clock, so all processes agree on when a job is due and when a lease runs out. Every
 * statement after the claim is fenced by the claim: it acts only while the job is still `pending`
 * at the attempt this process claimed. A process whose model call outlived its lease has lost the
 * job to the process that took it over (the claim counted another attempt), and whatever it does
 * afterwards — apply its decisions, give the attempt back, record its failure — matches nothing.
 */

/** The job of one run as claimed by this process: `attempt` is the `attempts` value the claim wrote. */
export interface ExtractionClaim {
  runId: string;
  attempt: number;
}

/** Pending jobs that are due by the database's clock, the longest due first. */
export async function dueExtractionJobs(prisma: Prisma.TransactionClient, limit: number): Promise<{ runId: string; attempts: number }[]> {
  const rows = await rawSqlFor(prisma).query<{ run_id: string; attempts: number }>(
    `SELECT run_id, attempts FROM memory_extractions
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT $1::int`,
    limit,
  );
  return rows.map((row) => ({ runId: row.run_id, attempts: row.attempts }));
}

/**
 * Claims a due job seen with `attempts`: counts the attempt and leases the job for `leaseMs`. Null
 * when another process claimed it first (the attempt count moved) or it is no longer due.
 */
export async function claimExtractionJob(
  prisma: Prisma.TransactionClient,
  job: { runId: string; attempts: number },
  leaseMs: number,
): Promise<ExtractionClaim | null> {
  const claimed = await rawSqlFor(prisma).execute(
    `UPDATE memory_extractions
        SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
      WHERE run_id = $1::uuid AND status = 'pending' AND attempts = $2::int AND next_attempt_at <= now()`,
    job.runId,
    job.attempts,
    leaseMs,
  );
  return claimed === 1 ? { runId: job.runId, attempt: job.attempts + 1 } : null;
}

/**
 * Inside the transaction that applies the claim's decisions: locks the job row until the
 * transaction ends and answers whether the claim still holds. While the lock is held no other
 * process can take the job over, give it back or fail it; once it is false (taken over, done,
 * failed, or erased with its run), the transaction must write nothing.
 * Lock order: erase fence, then the run's row, then this row, then memory key locks. The erase
 * takes the fence exclusively before it deletes runs (and their jobs by cascade), so it never holds
 * this row while waiting for a writer; the claim and the other statements here each lock only this
 * row and hold nothing else.
 */
export async function lockClaimedExtractionJob(transaction: Prisma.TransactionClient, claim: ExtractionClaim): Promise<boolean> {
  const rows = await rawSqlFor(transaction).query<{ run_id: string }>(
    `SELECT run_id FROM memory_extractions WHERE run_id = $1::uuid AND status = 'pending' AND attempts = $2::int FOR UPDATE`,
    claim.runId,
    claim.attempt,
  );
  return rows.length === 1;
}

/** Closes the claimed job as `done`. False when the claim no longer held (nothing changed). */
export async function finishExtractionJob(
  prisma: Prisma.TransactionClient,
  claim: ExtractionClaim,
  outcome: { model: string | null; lastError: string | null },
): Promise<boolean> {
  const finished = await rawSqlFor(prisma).execute(
    `UPDATE memory_extractions SET status = 'done', model = COALESCE($3, model), last_error = $4, updated_at = now()
      WHERE run_id = $1::uuid AND status = 'pending' AND attempts = $2::int`,
    claim.runId,
    claim.attempt,
    outcome.model,
    outcome.lastError,
  );
  return finished === 1;
}

/** Hands the claimed attempt back, due now (it was not the provider's fault). False when the claim no longer held. */
export async function giveBackExtractionAttempt(prisma: Prisma.TransactionClient, claim: ExtractionClaim): Promise<boolean> {
  const givenBack = await rawSqlFor(prisma).execute(
    `UPDATE memory_extractions SET attempts = attempts - 1, next_attempt_at = now(), updated_at = now()
      WHERE run_id = $1::uuid AND status = 'pending' AND attempts = $2::int`,
    claim.runId,
    claim.attempt,
  );
  return givenBack === 1;
}

/**
 * Records the claimed attempt's failure: the job is `failed` for good when `giveUp`, else pending
 * again after `retryDelayMs`. False when the claim no longer held (the job is left as it is).
 */
export async function failExtractionAttempt(
  prisma: Prisma.TransactionClient,
  claim: ExtractionClaim,
  failure: { giveUp: boolean; lastError: string; retryDelayMs: number },
): Promise<boolean> {
  const recorded = await rawSqlFor(prisma).execute(
    `UPDATE memory_extractions
        SET status = CASE WHEN $3::boolean THEN 'failed' ELSE 'pending' END::"MemoryExtractionStatus", last_error = $4,
            next_attempt_at = now() + make_interval(secs => $5::double precision / 1000), updated_at = now()
      WHERE run_id = $1::uuid AND status = 'pending' AND attempts = $2::int`,
    claim.runId,
    claim.attempt,
    failure.giveUp,
    failure.lastError,
    failure.retryDelayMs,
  );
  return recorded === 1;
}
