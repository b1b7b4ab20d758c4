import { randomUUID } from 'node:crypto';

import { it } from 'vitest';

import { call, tenants, resources } from './support';

/** Tenants (operator key) and erasure. */
export function describeTenantResponses(): void {
  it('tenants (operator key): create, list, read, change, mint its admin key, suspend, resume, erase', async () => {
    const asOperator = { apiKey: tenants.operatorKey };
    const slug = `openapi-${randomUUID().slice(0, 8)}`;
    const tenant = await call<{ id: string }>('createTenant', '/api/v1/tenants', { ...asOperator, body: { slug, name: 'OpenAPI tenant', retentionDays: 30 } });
    await call('listTenants', '/api/v1/tenants', asOperator);
    await call('getTenant', `/api/v1/tenants/${tenant.id}`, asOperator);
    await call('updateTenant', `/api/v1/tenants/${tenant.id}`, { ...asOperator, body: { rateLimitPerMinute: 600, retentionDays: null } });
    await call('mintTenantAdminKey', `/api/v1/tenants/${tenant.id}/admin-keys`, { ...asOperator, body: {} });
    await call('suspendTenant', `/api/v1/tenants/${tenant.id}/suspend`, asOperator);
    await call('resumeTenant', `/api/v1/tenants/${tenant.id}/resume`, asOperator);
    await call('eraseTenantAsOperator', `/api/v1/tenants/${tenant.id}/erase`, { ...asOperator, body: { confirmSlug: slug } });
  });

  it('erase a finished run', async () => {
    await call('erase', '/api/v1/erase', { body: { target: 'run', id: resources.finishedRunId } });
  });
}
