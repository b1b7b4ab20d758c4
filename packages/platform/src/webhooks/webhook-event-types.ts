import type { StoredRunEvent } from '../events/run-event';

/** The event types an endpoint can subscribe to (dotted, as receivers expect from other products). */
export const webhookEventTypes = ['run.completed', 'run.failed', 'run.cancelled', 'approval.requested', 'approval.decided'] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** A run event as a webhook event: its type and the `data` receivers get. */
export interface WebhookEvent {
  type: WebhookEventType;
  /** Stable per run event (`<runId>:<seq>`), the same on every redelivery, for deduplication. */
  id: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

const runFinishedTypes: Partial<Record<string, WebhookEventType>> = {
  succeeded: 'run.completed',
  failed: 'run.failed',
  cancelled: 'run.cancelled',
};

/** Which webhook event a run event is, if any: only a run's end and approval requests/decisions are. */
export function webhookEventFor(event: StoredRunEvent): WebhookEvent | undefined {
  const payload = isObject(event.payload) ? event.payload : {};
  const type = webhookTypeOf(event.type, payload);
  if (type === undefined) return undefined;
  return { type, id: `${event.runId}:${event.seq}`, createdAt: event.createdAt, data: { runId: event.runId, ...payload } };
}

function webhookTypeOf(runEventType: string, payload: Record<string, unknown>): WebhookEventType | undefined {
  if (runEventType === 'approval-requested') return 'approval.requested';
  if (runEventType === 'approval-decided') return 'approval.decided';
  if (runEventType === 'run-finished' && typeof payload['status'] === 'string') return runFinishedTypes[payload['status']];
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body sent to receivers: `{ id, type, createdAt, data }`. */
export function webhookBody(event: WebhookEvent): Record<string, unknown> {
  return { id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data };
}
