import type { Prisma } from '@agentloom/db';

import { enqueueWebhookDeliveries } from '../webhooks/enqueue-webhook-deliveries';
import { runEventsChannel, type NewRunEvent, type StoredRunEvent } from './run-event';

/**
 * Appends events to a run's log inside the caller's transaction. Sequence numbers come from
 * `runs.next_event_seq`, bumped with one UPDATE that also row-locks the run, so concurrent writers
 * serialize and sequences stay gap-free (a rolled-back transaction rolls its numbers back too).
 * The NOTIFY is transactional as well: listeners hear of the events only once they are committed.
 * Webhook deliveries the events cause are written here too (the outbox, ADR 0006).
 */
export async function appendRunEvents(
  transaction: Prisma.TransactionClient,
  run: { id: string; tenantId: string },
  events: readonly NewRunEvent[],
): Promise<StoredRunEvent[]> {
  if (events.length === 0) return [];
  const rows = await transaction.$queryRawUnsafe<{ first: number }[]>(
    'UPDATE runs SET next_event_seq = next_event_seq + $2 WHERE id = $1::uuid RETURNING next_event_seq - $2 AS first',
    run.id,
    events.length,
  );
  const first = rows[0]?.first;
  if (first === undefined) throw new Error(`Run ${run.id} does not exist`);
  const createdAt = new Date();
  const stored = events.map((event, offset) => ({
    runId: run.id,
    seq: Number(first) + offset,
    type: event.type,
    payload: event.payload,
    createdAt,
  }));
  await transaction.runEvent.createMany({
    data: stored.map((event) => ({ ...event, tenantId: run.tenantId })),
  });
  const appended = stored.map((event) => ({ ...event, payload: event.payload as Prisma.JsonValue }));
  await enqueueWebhookDeliveries(transaction, run.tenantId, appended);
  const last = stored[stored.length - 1]!;
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', runEventsChannel, `${run.id}:${last.seq}`);
  return appended;
}
