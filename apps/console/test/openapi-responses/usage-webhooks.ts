import { expect, it } from 'vitest';

import { call, resources } from './support';

/** Usage, budgets, the audit log and webhooks. */
export function describeUsageAndWebhookResponses(): void {
  it('usage, budgets and the audit log', async () => {
    await call('getUsage', '/api/v1/usage');
    await call('setBudget', '/api/v1/budgets', { body: { period: 'monthly', maxTokens: 1_000_000, maxCostUsd: 50 } });
    await call('setBudget', '/api/v1/budgets', { body: { agentId: resources.agentId, period: 'daily', maxTokens: 500_000 } });
    await call('getBudgets', '/api/v1/budgets');
    await call('removeBudget', `/api/v1/budgets?period=daily&agentId=${resources.agentId}`);
    await call('removeBudget', '/api/v1/budgets?period=monthly');
    await call('setModelPrice', '/api/v1/model-prices', { body: { provider: 'openai', model: 'gpt-openapi', inputUsdPerMillion: 1.5, outputUsdPerMillion: 6, cachedInputUsdPerMillion: 0.75 } });
    await call('listModelPrices', '/api/v1/model-prices');
    await call('removeModelPrice', '/api/v1/model-prices?provider=openai&model=gpt-openapi');
    const { entries } = await call<{ entries: unknown[] }>('listAuditLog', '/api/v1/audit-log');
    expect(entries.length).toBeGreaterThan(0);
  });

  it('webhooks: list, create, deliveries, redeliver, delete', async () => {
    await call('listWebhooks', '/api/v1/webhooks');
    const created = await call<{ id: string }>('createWebhook', '/api/v1/webhooks', { body: { url: 'http://127.0.0.1:1/openapi', eventTypes: ['run.failed'] } });
    const { deliveries } = await call<{ deliveries: unknown[] }>('listWebhookDeliveries', `/api/v1/webhooks/${resources.webhookId}/deliveries`);
    expect(deliveries.length).toBeGreaterThan(0);
    await call('redeliverWebhook', `/api/v1/webhook-deliveries/${resources.deliveryId}/redeliver`);
    await call('deleteWebhook', `/api/v1/webhooks/${created.id}`);
  });
}
