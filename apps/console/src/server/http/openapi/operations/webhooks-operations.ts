import { createWebhookInputSchema, listWebhookDeliveriesInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { createdWebhookSchema, webhookDeliveryPageSchema, webhookDeliverySchema, webhookListSchema, webhookSchema } from '../../views/webhook-views';

const tag = 'Webhooks';

/** Webhook endpoints, their delivery log and redelivery (admin). */
export const webhooksOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/webhooks',
    operationId: 'listWebhooks',
    tag,
    summary: "List the tenant's webhook endpoints",
    description: 'URLs, subscribed event types and state; never secrets.',
    role: 'admin',
    success: { status: 200, schema: webhookListSchema, description: '`{ webhooks: [{ id, url, description, eventTypes, enabled, createdAt }] }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/webhooks',
    operationId: 'createWebhook',
    tag,
    summary: 'Add a webhook endpoint',
    description:
      'Event types: `run.completed`, `run.failed`, `run.cancelled`, `approval.requested`, `approval.decided`. The URL must be http(s) and resolve to public addresses only (loopback, private, link-local and metadata targets are refused). Each delivery is a POST signed with `AgentLoom-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.',
    role: 'admin',
    body: createWebhookInputSchema,
    success: { status: 201, schema: createdWebhookSchema, description: 'The endpoint; its `secret` field is the only time the signing secret is shown.' },
  },
  {
    method: 'delete',
    path: '/api/v1/webhooks/{id}',
    operationId: 'deleteWebhook',
    tag,
    summary: 'Delete a webhook endpoint',
    role: 'admin',
    pathParameters: { id: 'The webhook endpoint id (uuid).' },
    success: { status: 200, schema: webhookSchema, description: 'The deleted endpoint; its pending deliveries are dropped.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    tag,
    summary: "List an endpoint's deliveries",
    role: 'admin',
    pathParameters: { id: 'The webhook endpoint id (uuid).' },
    query: listWebhookDeliveriesInputSchema.omit({ webhookId: true }),
    success: {
      status: 200, schema: webhookDeliveryPageSchema,
      description: '`{ deliveries: [{ id, eventId, eventType, status, attempts, lastStatusCode, lastError, … }], nextCursor }`, newest first.',
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/webhook-deliveries/{id}/redeliver',
    operationId: 'redeliverWebhook',
    tag,
    summary: 'Send a delivery again',
    description: 'Creates a new delivery of the same event (same event id, fresh attempts); audit-logged.',
    role: 'admin',
    pathParameters: { id: 'The delivery id (uuid).' },
    success: { status: 201, schema: webhookDeliverySchema, description: 'The new delivery.' },
    errors: [404],
  },
];
