import type { RequestOrigin } from '../auth/roles';

/**
 * The instance operator, as established by an operator key. It belongs to no tenant: it manages
 * tenants (`TenantService`) and nothing else, so no tenant-scoped service accepts it (ADR 0035).
 */
export interface OperatorPrincipal {
  operatorKeyId: string;
  operatorKeyName: string;
  origin?: RequestOrigin;
}

/** How the operator appears in a tenant's audit log (actor type `system`). */
export function operatorActor(operator: OperatorPrincipal): string {
  return `operator-key:${operator.operatorKeyId}`;
}
