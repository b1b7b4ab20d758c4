import type { Database } from '@agentloom/db';
import { Gauge, type Registry } from 'prom-client';

import { readQueueSnapshot, type QueueSnapshot } from './queue-gauges-sql';

/**
 * Gauges read from the database at scrape time — the same cluster-wide truth from every process —
 * with one indexed statement per scrape (shared by the five gauges). Counts of finished runs,
 * tokens and cost are counters kept as the work happens (see `PlatformMetrics`), never re-counted.
 */
export function collectQueueGauges(database: Database, registry: Registry): void {
  const registers = [registry];
  // prom-client collects the gauges one after another within one scrape: the first reads, the rest reuse it.
  let pending: Promise<QueueSnapshot> | undefined;
  const snapshot = () => {
    pending ??= readQueueSnapshot(database).finally(() => setImmediate(() => (pending = undefined)));
    return pending;
  };
  const gauge = (name: string, help: string, read: (snapshot: QueueSnapshot) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(read(await snapshot()));
      },
    });
  gauge('agentloom_queue_depth', 'Runs waiting to be claimed', (value) => value.queued);
  gauge('agentloom_oldest_queued_age_seconds', 'Age of the oldest queued run (0 when the queue is empty)', (value) => value.oldestQueuedSeconds);
  gauge('agentloom_runs_running', 'Runs held by an executor', (value) => value.running);
  gauge('agentloom_approvals_pending', 'Approvals waiting for a decision', (value) => value.pendingApprovals);
  gauge('agentloom_oldest_pending_approval_age_seconds', 'Age of the oldest pending approval (0 when none)', (value) => value.oldestPendingApprovalSeconds);
}
