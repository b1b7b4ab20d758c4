import { z } from 'zod';

import { webhookEventTypes } from './webhook-event-types';

export const createWebhookInputSchema = z.object({
  url: z.string().trim().min(1, 'url must not be empty').max(2048, 'url must be at most 2048 characters'),
  eventTypes: z.array(z.enum(webhookEventTypes)).min(1, 'subscribe to at least one event type').max(webhookEventTypes.length),
  description: z.string().trim().max(200).default(''),
});

export const webhookIdInputSchema = z.object({ webhookId: z.uuid() });

export const listWebhookDeliveriesInputSchema = z.object({
  webhookId: z.uuid(),
  limit: z.number().int().min(1).max(100).default(50),
  /** The last delivery id of the previous page. */
  cursor: z.uuid().optional(),
});

export const webhookDeliveryIdInputSchema = z.object({ deliveryId: z.uuid() });

export type CreateWebhookInput = z.input<typeof createWebhookInputSchema>;
export type ListWebhookDeliveriesInput = z.input<typeof listWebhookDeliveriesInputSchema>;
