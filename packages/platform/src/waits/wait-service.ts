import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { appendRunEvents } from '../events/append-run-events';
import { runQueuedChannel } from '../events/run-event';
import { parseInput } from '../validation/parse-input';
import { deliverEventInputSchema, listRunWaitsInputSchema } from './wait.schema';
import { toRunWaitView, type EventDeliveryView, type RunWaitView } from './wait-view';

/**
 * Delivers external events to runs parked in `wait_for_event`, and lists a run's waits.
 * Exactly once: the delivery is one conditional UPDATE (`… WHERE status = 'pending'` and not timed
 * out) under the run row lock; of any number of deliveries with one key exactly one wins, the others
 * get a `conflict` (409) that says the event was delivered already. The winner sets the run's
 * `wake_at` to now, so the next claim resumes it and the call returns the payload.
 */
export class WaitService {
  constructor(
    private readonly database: Database,
    /** Called after a delivery, so an executor in this process claims the run without waiting. */
    private readonly onDelivered: () => void = () => undefined,
  ) {}

  async deliver(principal: Principal, rawInput: unknown): Promise<EventDeliveryView> {
    assertRole(principal, 'operator', 'Delivering an event');
    const input = parseInput(deliverEventInputSchema, rawInput);
    const delivered = await this.database.prisma.$transaction(async (transaction) => {
      const wait = await transaction.runWait.findFirst({
        where: { tenantId: principal.tenantId, correlationKey: input.correlationKey, status: 'pending' },
        select: { runId: true },
      });
      if (!wait) throw await explainRefusal(transaction, principal.tenantId, input.correlationKey);
      // The run row first, as cancel and step commits lock it, then the wait row: one lock order.
      await transaction.$queryRawUnsafe('SELECT id FROM runs WHERE id = $1::uuid FOR UPDATE', wait.runId);
      const rows = await transaction.$queryRawUnsafe<{ run_id: string; call_id: string; delivered_at: Date }[]>(
        `UPDATE run_waits SET status = 'delivered', payload = $3::jsonb, delivered_at = now(), delivered_by = $4
          WHERE tenant_id = $1::uuid AND correlation_key = $2 AND status = 'pending' AND (wake_at IS NULL OR wake_at > now())
            AND EXISTS (SELECT 1 FROM runs WHERE runs.id = run_waits.run_id AND runs.status NOT IN ('succeeded', 'failed', 'cancelled'))
      RETURNING run_id, call_id, delivered_at`,
        principal.tenantId,
        input.correlationKey,
        JSON.stringify(input.payload),
        principal.apiKeyId,
      );
      const row = rows[0];
      if (!row) throw await explainRefusal(transaction, principal.tenantId, input.correlationKey);
      const run = { id: row.run_id, tenantId: principal.tenantId };
      // A run still committing the step that parked it is woken by that commit, which sees the delivery.
      await transaction.$executeRawUnsafe(`UPDATE runs SET wake_at = now(), updated_at = now() WHERE id = $1::uuid AND status = 'waiting'`, run.id);
      const payloadBytes = Buffer.byteLength(JSON.stringify(input.payload), 'utf8');
      await appendRunEvents(transaction, run, [
        { type: 'wait-event-delivered', payload: { callId: row.call_id, correlationKey: input.correlationKey, payloadBytes, by: principal.apiKeyName } },
      ]);
      // Audit says who delivered what to which run; the payload stays in run_waits (erased with the run).
      await recordAudit(transaction, principal, {
        action: 'run.event-delivered',
        targetType: 'run',
        targetId: run.id,
        after: { callId: row.call_id, correlationKey: input.correlationKey, payloadBytes },
      });
      await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runQueuedChannel, run.id);
      return { runId: run.id, callId: row.call_id, correlationKey: input.correlationKey, deliveredAt: row.delivered_at.toISOString() };
    });
    this.onDelivered();
    return delivered;
  }

  /** The run's waits, oldest first. */
  async listForRun(principal: Principal, rawInput: unknown): Promise<RunWaitView[]> {
    const input = parseInput(listRunWaitsInputSchema, rawInput);
    // Another tenant's run (or none) is not found, as everywhere else: an empty list would confirm nothing, but differ.
    const run = await this.database.prisma.run.findFirst({ where: { id: input.runId, tenantId: principal.tenantId }, select: { id: true } });
    if (!run) throw new DomainError('not-found', `Run ${input.runId} not found`, 'runId');
    const rows = await this.database.prisma.runWait.findMany({ where: { tenantId: principal.tenantId, runId: input.runId }, orderBy: { createdAt: 'asc' } });
    return rows.map(toRunWaitView);
  }
}

/** Why no pending wait took the event: never awaited (404), or delivered, timed out or cancelled (409). */
async function explainRefusal(transaction: Prisma.TransactionClient, tenantId: string, correlationKey: string): Promise<DomainError> {
  const latest = await transaction.runWait.findFirst({
    where: { tenantId, correlationKey },
    orderBy: { createdAt: 'desc' },
    select: { status: true, deliveredAt: true, wakeAt: true },
  });
  if (!latest) return new DomainError('not-found', `No run waits for an event with correlation key "${correlationKey}"`, 'correlationKey');
  if (latest.status === 'delivered')
    return new DomainError('conflict', `The event "${correlationKey}" was delivered already (${latest.deliveredAt?.toISOString() ?? ''}); a wait takes one event`, 'correlationKey');
  if (latest.status === 'cancelled') return new DomainError('conflict', `The wait for "${correlationKey}" ended with its run`, 'correlationKey');
  if (latest.wakeAt && latest.wakeAt <= new Date()) return new DomainError('conflict', `The wait for "${correlationKey}" timed out at ${latest.wakeAt.toISOString()}`, 'correlationKey');
  // Pending, and not timed out: its run ended (a wait left by an earlier version, which did not close it).
  return new DomainError('conflict', `The wait for "${correlationKey}" ended with its run`, 'correlationKey');
}
