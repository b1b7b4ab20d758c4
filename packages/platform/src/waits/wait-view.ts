/** One durable wait of a run, as the console and API show it (the payload itself is not echoed). */
export interface RunWaitView {
  id: string;
  runId: string;
  callId: string;
  kind: 'timer' | 'event';
  status: 'pending' | 'delivered' | 'completed' | 'cancelled';
  correlationKey: string | null;
  /** The timer's end or the event's timeout; null waits for the event without limit. */
  wakeAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export function toRunWaitView(row: {
  id: string;
  runId: string;
  callId: string;
  kind: string;
  status: RunWaitView['status'];
  correlationKey: string | null;
  wakeAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}): RunWaitView {
  return {
    id: row.id,
    runId: row.runId,
    callId: row.callId,
    kind: row.kind === 'event' ? 'event' : 'timer',
    status: row.status,
    correlationKey: row.correlationKey,
    wakeAt: row.wakeAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a delivery returns: which run and call took the event. */
export interface EventDeliveryView {
  runId: string;
  callId: string;
  correlationKey: string;
  deliveredAt: string;
}
