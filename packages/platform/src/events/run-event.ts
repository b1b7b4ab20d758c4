import type { Prisma } from '@agentloom/db';

/** Event names the log carries (noun-verb). Engine events keep their own names. */
export type RunEventType =
  | 'run-created'
  | 'run-queued'
  | 'run-started'
  | 'run-recovered'
  | 'run-cancel-requested'
  | 'run-finished'
  | 'step-started'
  | 'step-committed'
  | 'text-delta'
  | 'tool-call-proposed'
  | 'tool-call-started'
  | 'tool-call-finished'
  | 'tool-call-outcome-unknown'
  /** A call closed when its run ended while it was still running (outcome unknown). */
  | 'tool-call-abandoned'
  /** A sub-agent's run started/resumed or ended/paused inside a delegating call. */
  | 'child-run-started'
  | 'child-run-finished'
  | 'approval-requested'
  | 'approval-decided'
  | 'checkpoint-saved'
  | 'compaction-applied'
  | 'memory-injected'
  /** Durable waits (ADR 0044): a call parked the run, the run is parked until wakeAt, an event arrived for a wait. */
  | 'wait-started'
  | 'run-waiting'
  | 'wait-event-delivered'
  /** A spent budget whose policy is `pause` parked the run; an operator resumed it (ADR 0057). */
  | 'run-budget-paused'
  | 'run-budget-resumed'
  | (string & {});

export interface NewRunEvent {
  type: RunEventType;
  payload: Prisma.InputJsonObject;
}

/** An event as stored and as every client sees it: `seq` is per run, gap-free, from 1. */
export interface StoredRunEvent {
  runId: string;
  seq: number;
  type: string;
  payload: Prisma.JsonValue;
  createdAt: Date;
}

/**
 * Notifications carry only "run id:latest seq:tenant id"; listeners read the events from the table.
 * The tenant rides along so tenant-wide listeners (live lists) need no lookup per new run — a read
 * that, on the embedded database, waits behind the executor's step transactions.
 */
export const runEventsChannel = 'agentloom_run_events';

/**
 * The middle field of an erase's notification on `runEventsChannel`: `<runId>:erased:<tenantId>`, sent by the
 * erase's transaction for every erased run a process watches, so it arrives only once the erase has committed.
 * The run event hub ends that run's streams without sending what it buffered (ADR 0104); listeners that only
 * want the run and tenant (`parseRunEventsNotification`) read it as any other change of the run.
 */
export const runErasedMarker = 'erased';

/** The run and, when the writer sent it (older writers did not), its tenant. */
export function parseRunEventsNotification(payload: string): { runId: string; tenantId: string | undefined } {
  const [runId = '', , tenantId] = payload.split(':');
  return { runId, tenantId: tenantId === undefined || tenantId === '' ? undefined : tenantId };
}
/** Wakes executors when a run becomes claimable. */
export const runQueuedChannel = 'agentloom_runs_queued';
/** Tells executors to abort an in-flight run. */
export const runCancelChannel = 'agentloom_run_cancel';
