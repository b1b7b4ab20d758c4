import { mintedAdminKeySchema, tenantListSchema, tenantViewSchema } from '@agentloom/platform';

import { viewRegistry } from './view-registry';

/*
 * The tenants API answers with the platform's own zod schemas (the service parses its answers with
 * them); registering them here names them in the document: `Tenant`, `TenantList`, `MintedAdminKey`.
 */
export const tenantSchema = tenantViewSchema.register(viewRegistry, {
  id: 'Tenant',
  description: 'A tenant as the instance operator sees it: settings and standing, never its data.',
});

export const tenantPageSchema = tenantListSchema.register(viewRegistry, { id: 'TenantList' });

export const mintedTenantAdminKeySchema = mintedAdminKeySchema.register(viewRegistry, {
  id: 'MintedAdminKey',
  description: 'A tenant admin key minted by the operator; `key` is shown this once.',
});
