import type { Database, Prisma } from '@agentloom/db';
import { redactUrlCredentials } from '@agentloom/runtime';
import { v7 as uuidv7 } from 'uuid';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import { roleAtLeast, type Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { holdEraseFenceShared } from '../erase/erase-fence';
import type { SecretBox } from '../secrets/secret-box';
import { parseInput } from '../validation/parse-input';
import { webhookDeliveriesChannel } from './enqueue-webhook-deliveries';
import { generateWebhookSecret } from './webhook-signature';
import type { WebhookTargetGuard } from './webhook-target-guard';
import { createWebhookInputSchema, listWebhookDeliveriesInputSchema, webhookDeliveryIdInputSchema, webhookIdInputSchema } from './webhook.schema';
import {
  toWebhookDeliveryView,
  toWebhookView,
  webhookDeliveryViewSelect,
  webhookViewSelect,
  type CreatedWebhook,
  type WebhookDeliveryView,
  type WebhookView,
} from './webhook-view';

/**
 * A tenant's webhook endpoints and their delivery log. Admin only (an endpoint receives every
 * subscribed event of the tenant). Endpoint creation and deletion and manual redeliveries are
 * audit-logged in the same transaction as the change.
 */
export class WebhookService {
  constructor(
    private readonly database: Database,
    private readonly guard: WebhookTargetGuard,
    /** Signing secrets are stored sealed (AES-256-GCM); the creator sees the plaintext once. */
    private readonly secrets: SecretBox,
  ) {}

  /** The URL must pass the SSRF guard now (and will again at every delivery); the secret is returned this once. */
  async create(principal: Principal, rawInput: unknown): Promise<CreatedWebhook> {
    assertAdmin(principal);
    const input = parseInput(createWebhookInputSchema, rawInput);
    const url = await this.guard.assertAllowed(input.url);
    const secret = generateWebhookSecret();
    const eventTypes = [...new Set(input.eventTypes)];
    const row = await this.database.prisma.$transaction(async (transaction) => {
      // A new endpoint receives the tenant's events: not through a key revoked a moment ago (ADR 0103).
      await assertCredentialCurrent(transaction, principal);
      const created = await transaction.webhookEndpoint.create({
        data: { tenantId: principal.tenantId, url: url.href, description: input.description, eventTypes, secret: this.secrets.seal(secret) },
        select: webhookViewSelect,
      });
      await recordAudit(transaction, principal, {
        action: 'webhook.create',
        targetType: 'webhook_endpoint',
        targetId: created.id,
        // The audit log outlives the endpoint: it keeps the URL as views show it, never its credentials.
        after: { url: redactUrlCredentials(created.url), eventTypes: created.eventTypes },
      });
      return created;
    });
    return { ...toWebhookView(row), secret };
  }

  async list(principal: Principal): Promise<{ webhooks: WebhookView[] }> {
    assertAdmin(principal);
    const rows = await this.database.prisma.webhookEndpoint.findMany({
      where: { tenantId: principal.tenantId },
      orderBy: { createdAt: 'desc' },
      select: webhookViewSelect,
    });
    return { webhooks: rows.map(toWebhookView) };
  }

  /** Deletes the endpoint and its delivery log; pending deliveries are never sent. */
  async delete(principal: Principal, rawInput: unknown): Promise<WebhookView> {
    assertAdmin(principal);
    const { webhookId } = parseInput(webhookIdInputSchema, rawInput);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      const existing = await transaction.webhookEndpoint.findFirst({ where: { id: webhookId, tenantId: principal.tenantId }, select: webhookViewSelect });
      if (!existing) throw notFound('Webhook', webhookId, 'webhookId');
      await transaction.webhookEndpoint.delete({ where: { id: webhookId } });
      await recordAudit(transaction, principal, {
        action: 'webhook.delete',
        targetType: 'webhook_endpoint',
        targetId: webhookId,
        before: { url: redactUrlCredentials(existing.url), eventTypes: existing.eventTypes },
      });
      return existing;
    });
    return toWebhookView(row);
  }

  /** Newest first; `nextCursor` is set when there may be more. */
  async listDeliveries(principal: Principal, rawInput: unknown): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> {
    assertAdmin(principal);
    const input = parseInput(listWebhookDeliveriesInputSchema, rawInput);
    const endpoint = await this.database.prisma.webhookEndpoint.findFirst({
      where: { id: input.webhookId, tenantId: principal.tenantId },
      select: { id: true },
    });
    if (!endpoint) throw notFound('Webhook', input.webhookId, 'webhookId');
    // Ids are UUIDv7, so id order is creation order and the cursor is a plain "older than".
    const rows = await this.database.prisma.webhookDelivery.findMany({
      where: { tenantId: principal.tenantId, endpointId: endpoint.id, ...(input.cursor ? { id: { lt: input.cursor } } : {}) },
      orderBy: { id: 'desc' },
      take: input.limit,
      select: webhookDeliveryViewSelect,
    });
    const deliveries = rows.map(toWebhookDeliveryView);
    return { deliveries, nextCursor: deliveries.length === input.limit ? (deliveries.at(-1)?.id ?? null) : null };
  }

  /** Sends the same event again as a new delivery (same event id, fresh attempts), whatever became of the original. */
  async redeliver(principal: Principal, rawInput: unknown): Promise<WebhookDeliveryView> {
    assertAdmin(principal);
    const { deliveryId } = parseInput(webhookDeliveryIdInputSchema, rawInput);
    const row = await this.database.prisma.$transaction(async (transaction) => {
      // A redelivery copies the original's payload (a run's output): it must not land beside an
      // erase of that run, after the erase deleted the deliveries, where no later erase finds it.
      // With the fence, either the erase sees the copy and deletes it, or the original is gone.
      await holdEraseFenceShared(transaction, principal.tenantId);
      const original = await transaction.webhookDelivery.findFirst({ where: { id: deliveryId, tenantId: principal.tenantId } });
      if (!original) throw notFound('Webhook delivery', deliveryId, 'deliveryId');
      const created = await transaction.webhookDelivery.create({
        data: {
          id: uuidv7(),
          tenantId: principal.tenantId,
          endpointId: original.endpointId,
          eventId: original.eventId,
          eventType: original.eventType,
          payload: original.payload as Prisma.InputJsonValue,
          redeliveryOfId: original.id,
        },
        select: webhookDeliveryViewSelect,
      });
      await recordAudit(transaction, principal, {
        action: 'webhook-delivery.redeliver',
        targetType: 'webhook_delivery',
        targetId: original.id,
        after: { deliveryId: created.id, eventId: original.eventId, eventType: original.eventType },
      });
      await transaction.$executeRawUnsafe('SELECT pg_notify($1, $2)', webhookDeliveriesChannel, '1');
      return created;
    });
    return toWebhookDeliveryView(row);
  }
}

function assertAdmin(principal: Principal): void {
  if (!roleAtLeast(principal.role, 'admin')) throw new DomainError('forbidden', `Managing webhooks needs the admin role; your key has ${principal.role}.`);
}

function notFound(what: string, id: string, field: string): DomainError {
  return new DomainError('not-found', `${what} ${id} not found`, field);
}
