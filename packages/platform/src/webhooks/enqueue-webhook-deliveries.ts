import type { Prisma } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import type { StoredRunEvent } from '../events/run-event';
import { webhookBody, webhookEventFor } from './webhook-event-types';

/** Wakes webhook dispatchers when deliveries were committed. */
export const webhookDeliveriesChannel = 'agentloom_webhook_deliveries';

/**
 * The webhook outbox: for the run events just appended, writes one delivery row per subscribed,
 * enabled endpoint of the tenant, in the caller's transaction. So a delivery exists if and only if
 * the state change that caused it committed, and a crash after the commit loses none (the
 * dispatcher finds the rows). Costs nothing for events no webhook type maps to.
 */
export async function enqueueWebhookDeliveries(transaction: Prisma.TransactionClient, tenantId: string, events: readonly StoredRunEvent[]): Promise<void> {
  const webhookEvents = events.flatMap((event) => webhookEventFor(event) ?? []);
  if (webhookEvents.length === 0) return;
  const endpoints = await transaction.webhookEndpoint.findMany({
    where: { tenantId, enabled: true, eventTypes: { hasSome: webhookEvents.map((event) => event.type) } },
    select: { id: true, eventTypes: true },
  });
  const rows = endpoints.flatMap((endpoint) =>
    webhookEvents
      .filter((event) => endpoint.eventTypes.includes(event.type))
      .map((event) => ({
        id: uuidv7(),
        tenantId,
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        payload: webhookBody(event) as Prisma.InputJsonObject,
      })),
  );
  if (rows.length === 0) return;
  await transaction.webhookDelivery.createMany({ data: rows });
  await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', webhookDeliveriesChannel, String(rows.length));
}
