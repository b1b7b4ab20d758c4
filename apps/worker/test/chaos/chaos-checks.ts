import { readFileSync } from 'node:fs';

import type { PrismaClient } from '@agentloom/db';

/**
 * Tool calls marked running after their run's cancel committed. Both timestamps are taken by the
 * application while holding the run row lock (cancelRun after `SELECT … FOR UPDATE`, the ledger
 * after the fence), so their order is the commit order: a call here started after the cancel.
 */
export async function toolCallsStartedAfterCancel(prisma: PrismaClient, runIds: readonly string[]): Promise<{ run_id: string; call_id: string; started_at: Date; cancel_requested_at: Date }[]> {
  return prisma.$queryRawUnsafe(
    `SELECT call.run_id::text AS run_id, call.call_id, call.started_at, run.cancel_requested_at
       FROM tool_calls AS call JOIN runs AS run ON run.id = call.run_id
      WHERE run.id = ANY($1::uuid[]) AND run.cancel_requested_at IS NOT NULL AND call.started_at > run.cancel_requested_at`,
    runIds,
  );
}

/** Ledger rows still `running` inside runs that have ended: every aborted call must be closed. */
export async function runningCallsInEndedRuns(prisma: PrismaClient, runIds: readonly string[]): Promise<{ run_id: string; call_id: string; run_status: string }[]> {
  return prisma.$queryRawUnsafe(
    `SELECT call.run_id::text AS run_id, call.call_id, run.status::text AS run_status
       FROM tool_calls AS call JOIN runs AS run ON run.id = call.run_id
      WHERE run.id = ANY($1::uuid[]) AND run.status IN ('succeeded', 'failed', 'cancelled') AND call.status = 'running'`,
    runIds,
  );
}

/** How the aborted tool calls of these runs were closed (`cancelled`, `abandoned`). */
export async function interruptedCallCounts(prisma: PrismaClient, runIds: readonly string[]): Promise<Record<string, number>> {
  const rows = await prisma.$queryRawUnsafe<{ error_kind: string; count: number }[]>(
    `SELECT error_kind, count(*)::int AS count FROM tool_calls
      WHERE run_id = ANY($1::uuid[]) AND error_kind IN ('cancelled', 'abandoned') GROUP BY error_kind`,
    runIds,
  );
  return Object.fromEntries(rows.map((row) => [row.error_kind, row.count]));
}

/** Lines of the worker logs that report an unhandled rejection or an uncaught exception. */
export function crashLinesIn(logFiles: readonly string[], markers: readonly string[]): string[] {
  return logFiles.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((line) => markers.some((marker) => line.includes(marker)))
      .map((line) => `${file}: ${line.slice(0, 400)}`);
  });
}
