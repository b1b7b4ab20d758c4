import { queryRows, type Prisma, type StatementRunner } from '@agentloom/db';

import { webhookOutboxEntries } from '../webhooks/enqueue-webhook-deliveries';
import { appendRunEventsSql } from './append-run-events-sql';
import type { NewRunEvent, StoredRunEvent } from './run-event';

const appendStatement = appendRunEventsSql();

/**
 * Appends events to a run's log inside the caller's transaction (or alone, atomic by itself) in ONE
 * statement: sequence numbers come from `runs.next_event_seq`, bumped by an UPDATE that also
 * row-locks the run, so concurrent writers serialize and sequences stay gap-free (a rolled-back
 * transaction rolls its numbers back too). The NOTIFY is transactional as well: listeners hear of
 * the events only once they are committed. Webhook deliveries the events cause are written by the
 * same statement (the outbox, ADR 0006). See ADR 0014 for why this is SQL, not Prisma calls.
 */
export async function appendRunEvents(
  transaction: StatementRunner,
  run: { id: string; tenantId: string },
  events: readonly NewRunEvent[],
  /**
   * An update of the run that rides on the statement's row update (ADR 0084): the whole statement, built
   * with `appendRunEventsSql({ set })`, and the parameters after the append's own. Needs at least one event.
   */
  ride?: { sql: string; parameters: readonly unknown[] },
): Promise<StoredRunEvent[]> {
  if (events.length === 0) {
    if (ride) throw new Error(`A run update of run ${run.id} cannot ride on an append of no events`);
    return [];
  }
  const statement = appendRunEventsStatement(run.id, events);
  const rows = ride
    ? await queryRows<{ first: number }>(transaction, ride.sql, [...statement.parameters, ...ride.parameters])
    : await queryRows<{ first: number }>(transaction, appendStatement, statement.parameters);
  const first = rows[0]?.first;
  if (first === undefined) throw new Error(`Run ${run.id} does not exist`);
  return statement.stored(Number(first));
}

/**
 * The bound parameters `appendRunEventsSql` expects first ($1…$5), and how to build the stored
 * events once the statement returned the first seq.
 */
export function appendRunEventsStatement(runId: string, events: readonly NewRunEvent[]) {
  const createdAt = new Date();
  const outbox = webhookOutboxEntries(events.map((event) => ({ runId, type: event.type, payload: event.payload as Prisma.JsonValue, createdAt })));
  return {
    parameters: [runId, events.length, createdAt.toISOString(), JSON.stringify(events.map(({ type, payload }) => ({ type, payload }))), JSON.stringify(outbox)] as unknown[],
    stored: (first: number): StoredRunEvent[] =>
      events.map((event, offset) => ({ runId, seq: first + offset, type: event.type, payload: event.payload as Prisma.JsonValue, createdAt })),
  };
}
