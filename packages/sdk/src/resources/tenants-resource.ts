import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { EraseReceipt, MintedAdminKey, Tenant, TenantSettings } from '../types.ts';

/** What creating a tenant takes: a unique slug, a name, and optionally its settings. */
export interface CreateTenantInput extends TenantSettings {
  slug: string;
  name: string;
}

/** The instance's tenants (operator key only). */
export function tenantsResource(transport: Transport) {
  const tenantPath = (tenantId: string) => `/api/v1/tenants/${pathSegment('tenantId', tenantId)}`;
  return {
    async list(): Promise<Tenant[]> {
      return (await transport.json<{ tenants: Tenant[] }>('GET', '/api/v1/tenants')).tenants;
    },
    async get(tenantId: string): Promise<Tenant> {
      return transport.json('GET', tenantPath(tenantId));
    },
    create(input: CreateTenantInput): Promise<Tenant> {
      return transport.json('POST', '/api/v1/tenants', { body: input });
    },
    /** Changes the settings given; the others stay. */
    async update(tenantId: string, settings: TenantSettings): Promise<Tenant> {
      return transport.json('PATCH', tenantPath(tenantId), { body: settings });
    },
    /** Its keys get 403 `tenant-suspended`; its queued runs wait. */
    async suspend(tenantId: string): Promise<Tenant> {
      return transport.json('POST', `${tenantPath(tenantId)}/suspend`);
    },
    async resume(tenantId: string): Promise<Tenant> {
      return transport.json('POST', `${tenantPath(tenantId)}/resume`);
    },
    /** Erases the tenant with every row; `confirmSlug` must repeat its slug. */
    async erase(tenantId: string, confirmSlug: string): Promise<EraseReceipt> {
      return transport.json('POST', `${tenantPath(tenantId)}/erase`, { body: { confirmSlug } });
    },
    /** The tenant's first admin key (only while it has no live one); `key` is shown this once. */
    async mintAdminKey(tenantId: string, name?: string): Promise<MintedAdminKey> {
      return transport.json('POST', `${tenantPath(tenantId)}/admin-keys`, { body: name === undefined ? {} : { name } });
    },
  };
}
