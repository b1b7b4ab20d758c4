import {
  createWebhookInputSchema,
  listWebhookDeliveriesInputSchema,
  webhookDeliveryIdInputSchema,
  webhookEventTypes,
  webhookIdInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '~/server/trpc/procedures';

/** Webhook endpoints and their delivery log; admin only, like the REST routes. */
export const webhooksRouter = {
  /** The event types an endpoint can subscribe to. */
  eventTypes: adminProcedure.query(() => [...webhookEventTypes]),
  list: adminProcedure.query(({ ctx }) => ctx.platform.webhooks.list(ctx.principal)),
  /** The created endpoint's `secret` is returned this once. */
  create: adminProcedure.input(createWebhookInputSchema).mutation(({ ctx, input }) => ctx.platform.webhooks.create(ctx.principal, input)),
  delete: adminProcedure.input(webhookIdInputSchema).mutation(({ ctx, input }) => ctx.platform.webhooks.delete(ctx.principal, input)),
  deliveries: adminProcedure.input(listWebhookDeliveriesInputSchema).query(({ ctx, input }) => ctx.platform.webhooks.listDeliveries(ctx.principal, input)),
  redeliver: adminProcedure.input(webhookDeliveryIdInputSchema).mutation(({ ctx, input }) => ctx.platform.webhooks.redeliver(ctx.principal, input)),
} satisfies TRPCRouterRecord;
