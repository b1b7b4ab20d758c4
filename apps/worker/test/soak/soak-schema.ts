import type { PrismaClient } from '@agentloom/db';

/**
 * The tables the soak tools write to. `soak_ledger` deliberately has no unique constraint: an unsafe
 * call executed twice leaves two rows with one idempotency key, which the checks then find.
 * `soak_marks` is keyed by the idempotency key and counts executions, so re-runs of the idempotent
 * tool are visible without duplicating rows.
 */
export async function createSoakTables(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(`CREATE TABLE soak_ledger (
    id bigserial PRIMARY KEY,
    run_id uuid NOT NULL,
    idempotency_key text NOT NULL,
    entry integer NOT NULL,
    worker_pid integer NOT NULL,
    executed_at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  await prisma.$executeRawUnsafe('CREATE INDEX soak_ledger_idempotency_key ON soak_ledger (idempotency_key)');
  await prisma.$executeRawUnsafe(`CREATE TABLE soak_marks (
    idempotency_key text PRIMARY KEY,
    run_id uuid NOT NULL,
    entry integer NOT NULL,
    executions integer NOT NULL,
    worker_pid integer NOT NULL)`);
}
