import { webhookEventTypes } from '@agentloom/platform';
import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string().describe('The URL with its credentials shown as `***`: userinfo, query values, long opaque path segments, fragment.'),
    description: z.string(),
    eventTypes: z.array(z.enum(webhookEventTypes)),
    enabled: z.boolean(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Webhook' });

export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string().describe('The signing secret: shown this once.') })
  .register(viewRegistry, { id: 'CreatedWebhook' });

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) }).register(viewRegistry, { id: 'WebhookList' });

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(['pending', 'delivering', 'succeeded', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: timestampSchema.nullable().describe('Null once the delivery has finished.'),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    redeliveryOfId: z.string().nullable(),
    deliveredAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    payload: jsonValueSchema,
  })
  .register(viewRegistry, { id: 'WebhookDelivery' });

export const webhookDeliveryPageSchema = z
  .object({ deliveries: z.array(webhookDeliverySchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'WebhookDeliveryPage' });
