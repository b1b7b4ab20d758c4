import { queryRows, type StatementRunner } from '@agentloom/db';

import { runErasedMarker, runEventsChannel } from './run-event';

/**
 * One notification per erased run that a process watches (ADR 0038: nobody listens for the others, and every
 * notifying commit serializes on the notify lock), `<runId>:erased:<tenantId>`: about 80 bytes, far below
 * NOTIFY's 8,000-byte payload limit however many runs one erase takes.
 */
const notifyRunsErasedStatement = `SELECT count(pg_notify('${runEventsChannel}', erased.id::text || ':${runErasedMarker}:' || $1::uuid::text)::text)::int AS notified
  FROM unnest($2::uuid[]) AS erased(id)
 WHERE agentloom_run_watched(erased.id, $1::uuid)`;

/**
 * Tells every process tailing one of these runs that it was erased (ADR 0104). Called inside the erase's
 * transaction: NOTIFY is transactional, so the news arrives only once the erase has committed (and never
 * when it rolls back). A process that misses it (its listening connection was down) finds the run gone at
 * its next watcher refresh. Returns the number of notifications sent.
 */
export async function notifyRunsErased(transaction: StatementRunner, tenantId: string, runIds: readonly string[]): Promise<number> {
  if (runIds.length === 0) return 0;
  const rows = await queryRows<{ notified: number }>(transaction, notifyRunsErasedStatement, [tenantId, runIds]);
  return rows[0]?.notified ?? 0;
}
