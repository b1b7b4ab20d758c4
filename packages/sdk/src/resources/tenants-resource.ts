import type { Transport } from '../transport.ts';
import type { EraseReceipt, MintedAdminKey, Tenant, TenantSettings } from '../types.ts';

/** What creating a tenant takes: a unique slug, a name, and optionally its settings. */
export interface CreateTenantInput extends TenantSettings {
  slug: string;
  name: string;
}

/** The instance's tenants (operator key only). */
export function tenantsResource(transport: Transport) {
  const tenantPath = (tenantId: string) => `/api/v1/tenants/${encodeURIComponent(tenantId)}`;
  return {
    async list(): Promise<Tenant[]> {
      return (await transport.json<{ tenants: Tenant[] }>('GET', '/api/v1/tenants')).tenants;
    },
    get(tenantId: string): Promise<Tenant> {
      return transport.json('GET', tenantPath(tenantId));
    },
    create(input: CreateTenantInput): Promise<Tenant> {
      return transport.json('POST', '/api/v1/tenants', { body: input });
    },
    /** Changes the settings given; the others stay. */
    update(tenantId: string, settings: TenantSettings): Promise<Tenant> {
      return transport.json('PATCH', tenantPath(tenantId), { body: settings });
    },
    /** Its keys get 403 `tenant-suspended`; its queued runs wait. */
    suspend(tenantId: string): Promise<Tenant> {
      return transport.json('POST', `${tenantPath(tenantId)}/suspend`);
    },
    resume(tenantId: string): Promise<Tenant> {
      return transport.json('POST', `${tenantPath(tenantId)}/resume`);
    },
    /** Erases the tenant with every row; `confirmSlug` must repeat its slug. */
    erase(tenantId: string, confirmSlug: string): Promise<EraseReceipt> {
      return transport.json('POST', `${tenantPath(tenantId)}/erase`, { body: { confirmSlug } });
    },
    /** The tenant's first admin key (only while it has no live one); `key` is shown this once. */
    mintAdminKey(tenantId: string, name?: string): Promise<MintedAdminKey> {
      return transport.json('POST', `${tenantPath(tenantId)}/admin-keys`, { body: name === undefined ? {} : { name } });
    },
  };
}
