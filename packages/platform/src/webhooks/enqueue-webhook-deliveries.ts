import type { StoredRunEvent } from '../events/run-event';
import { webhookBody, webhookEventFor } from './webhook-event-types';

/** Wakes webhook dispatchers when deliveries were committed. */
export const webhookDeliveriesChannel = 'agentloom_webhook_deliveries';

/** A webhook event one appended run event causes; `offset` is that event's index in the append. */
export interface WebhookOutboxEntry {
  offset: number;
  type: string;
  /** The receiver's body without its `id`: the id (`<runId>:<seq>`) is added once the seq is allocated. */
  body: Record<string, unknown>;
}

/**
 * The webhook outbox entries for events about to be appended. The append statement
 * (`appendRunEventsSql`) turns each into one delivery row per subscribed, enabled endpoint of the
 * tenant, in the same statement as the events: a delivery exists if and only if the state change
 * that caused it committed, and a crash after the commit loses none (the dispatcher finds the
 * rows). Events no webhook type maps to cost nothing.
 */
export function webhookOutboxEntries(events: readonly Omit<StoredRunEvent, 'seq'>[]): WebhookOutboxEntry[] {
  return events.flatMap((event, offset) => {
    const webhookEvent = webhookEventFor({ ...event, seq: 0 });
    if (!webhookEvent) return [];
    // The delivery id is made in SQL (uuid v7 in the same statement), so the body leaves it out here.
    const { id: _idMadeInSql, ...body } = webhookBody(webhookEvent);
    return [{ offset, type: webhookEvent.type, body }];
  });
}
