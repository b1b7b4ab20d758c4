import type { Prisma } from '@agentloom/db';

import type { BatchCountRow, BatchItemRow } from './batch-sql';

export const batchViewSelect = {
  id: true,
  agentId: true,
  name: true,
  concurrency: true,
  itemCount: true,
  createdBy: true,
  cancelledAt: true,
  completedAt: true,
  createdAt: true,
  agentVersion: { select: { version: true } },
} satisfies Prisma.BatchSelect;

export type BatchRow = Prisma.BatchGetPayload<{ select: typeof batchViewSelect }>;

/** Items by their current run's status. `active` is queued + running + waiting (for a human or a timer). */
export interface BatchProgress {
  total: number;
  queued: number;
  running: number;
  waiting: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

export interface BatchView {
  id: string;
  agentId: string;
  agentVersion: number;
  name: string;
  concurrency: number;
  /** `running` while any item has not ended; `cancelled` once cancelled; else `completed`. */
  status: 'running' | 'completed' | 'cancelled';
  progress: BatchProgress;
  createdBy: string | null;
  createdAt: string;
  cancelledAt: string | null;
  completedAt: string | null;
}

export interface BatchItem {
  item: number;
  runId: string;
  status: string;
  input: string | null;
  /** The run's final text when it succeeded. */
  output: string | null;
  errorKind: string | null;
  errorMessage: string | null;
  /** Runs this item has had (1 + its retries). */
  attempts: number;
}

export function progressOf(itemCount: number, counts: readonly BatchCountRow[]): BatchProgress {
  const count = (...statuses: string[]) => counts.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
  return {
    total: itemCount,
    queued: count('queued'),
    running: count('running'),
    waiting: count('waiting', 'waiting_human'),
    succeeded: count('succeeded'),
    failed: count('failed'),
    cancelled: count('cancelled'),
  };
}

export function toBatchView(row: BatchRow, counts: readonly BatchCountRow[]): BatchView {
  const progress = progressOf(row.itemCount, counts);
  const active = progress.queued + progress.running + progress.waiting;
  return {
    id: row.id,
    agentId: row.agentId,
    agentVersion: row.agentVersion.version,
    name: row.name,
    concurrency: row.concurrency,
    status: row.cancelledAt ? 'cancelled' : active > 0 ? 'running' : 'completed',
    progress,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toBatchItem(row: BatchItemRow): BatchItem {
  return {
    item: row.item,
    runId: row.run_id,
    status: row.status,
    input: row.input,
    output: outputText(row.output),
    errorKind: row.error_kind,
    errorMessage: row.error_message,
    attempts: row.attempts,
  };
}

function outputText(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === 'object' && 'text' in output && typeof output.text === 'string') return output.text;
  return JSON.stringify(output);
}
