import type { Prisma } from '@agentloom/db';
import { redactUrlCredentials } from '@agentloom/runtime';

/** An endpoint as listed: never its secret. */
export interface WebhookView {
  id: string;
  /** The URL with its credentials shown as `***` (`redactUrlCredentials`); deliveries use the stored one. */
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  createdAt: string;
}

/** An endpoint just created: `secret` is returned this once, for the receiver to verify signatures. */
export interface CreatedWebhook extends WebhookView {
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  redeliveryOfId: string | null;
  deliveredAt: string | null;
  createdAt: string;
  payload: Prisma.JsonValue;
}

export const webhookViewSelect = {
  id: true,
  url: true,
  description: true,
  eventTypes: true,
  enabled: true,
  createdAt: true,
} as const satisfies Prisma.WebhookEndpointSelect;

export const webhookDeliveryViewSelect = {
  id: true,
  endpointId: true,
  eventId: true,
  eventType: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  redeliveryOfId: true,
  deliveredAt: true,
  createdAt: true,
  payload: true,
} as const satisfies Prisma.WebhookDeliverySelect;

export function toWebhookView(row: Prisma.WebhookEndpointGetPayload<{ select: typeof webhookViewSelect }>): WebhookView {
  return { ...row, url: redactUrlCredentials(row.url), createdAt: row.createdAt.toISOString() };
}

export function toWebhookDeliveryView(row: Prisma.WebhookDeliveryGetPayload<{ select: typeof webhookDeliveryViewSelect }>): WebhookDeliveryView {
  const { endpointId, ...rest } = row;
  return {
    ...rest,
    webhookId: endpointId,
    // Finished deliveries have no next attempt; showing the stale due time would mislead.
    nextAttemptAt: row.status === 'pending' || row.status === 'delivering' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
