import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

import type { StoredRunEvent } from './run-event';

/**
 * One statement through the driver, prepared once per connection. Every live commit costs the hub one
 * such read, on the event loop that then writes to every subscriber, and a 10k-event replay is twenty
 * of them; through the Prisma client each row was mapped field by field (bench/README, event-fanout,
 * session 23).
 */
const readEventsAfter = preparedStatement(`SELECT seq, type, payload, created_at
  FROM run_events
 WHERE run_id = $1::uuid AND seq > $2::integer
 ORDER BY seq
 LIMIT $3::integer`);

interface RunEventRow {
  seq: number;
  type: string;
  payload: StoredRunEvent['payload'];
  created_at: Date | string;
}

/** Reads a run's events after a sequence number, in order. Callers have checked tenant access. */
export async function readRunEvents(statements: StatementRunner, runId: string, afterSeq: number, limit: number): Promise<StoredRunEvent[]> {
  const rows = await queryRows<RunEventRow>(statements, readEventsAfter, [runId, afterSeq, limit]);
  return rows.map((row) => ({ runId, seq: row.seq, type: row.type, payload: row.payload, createdAt: new Date(row.created_at) }));
}
