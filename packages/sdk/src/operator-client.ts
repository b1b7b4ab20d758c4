import { tenantsResource } from './resources/tenants-resource.ts';
import { Transport } from './transport.ts';

export interface OperatorClientOptions {
  /** Where the console serves, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** The instance operator key (`alop_…`, in `<data dir>/operator-key`). */
  operatorKey: string;
  fetch?: typeof fetch;
}

/**
 * A client for the instance operator: tenants only. Tenant data (runs, agents, memory) needs a
 * tenant key and `createClient`; mint a tenant's first admin key with `tenants.mintAdminKey`.
 */
export function createOperatorClient(options: OperatorClientOptions) {
  const transport = new Transport({ baseUrl: options.baseUrl, apiKey: options.operatorKey, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return { tenants: tenantsResource(transport) };
}

export type AgentLoomOperatorClient = ReturnType<typeof createOperatorClient>;
