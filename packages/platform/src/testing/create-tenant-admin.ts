import type { Principal } from '../auth/roles';
import type { TestPlatform } from './test-platform';

/**
 * A second tenant with an admin key, made as the instance operator makes one (create, then mint its
 * first admin key), authenticated: a real principal of that tenant, whose key every change can re-read.
 */
export async function createTenantAdmin(test: TestPlatform, tenant: { slug: string; retentionDays?: number }): Promise<Principal> {
  const operator = (await test.platform.auth.authenticateOperator(test.operatorKey))!;
  const created = await test.platform.tenants.create(operator, { name: tenant.slug, ...tenant });
  const minted = await test.platform.tenants.mintAdminKey(operator, { tenantId: created.id });
  return (await test.platform.auth.authenticate(minted.key))!;
}
