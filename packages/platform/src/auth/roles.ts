/** Roles in ascending order of power: each role can do everything the ones before it can. */
export const roles = ['viewer', 'operator', 'admin'] as const;

export type Role = (typeof roles)[number];

export function roleAtLeast(actual: Role, required: Role): boolean {
  return roles.indexOf(actual) >= roles.indexOf(required);
}

/** Who is calling, as established by authentication. Tenant comes from here, never from input. */
export interface Principal {
  tenantId: string;
  tenantName: string;
  apiKeyId: string;
  apiKeyName: string;
  role: Role;
  /** The tenant's own request limits for each of its keys (null: the instance default); set by authentication. */
  requestLimits?: TenantRequestLimits;
  /** The console session the request came through; absent for a bearer API key. */
  sessionId?: string;
  /** When that session ends (ISO 8601): it ends by time, with no notification, so streams under it are re-checked then. */
  sessionExpiresAt?: string;
  /** Where the request came from, for the audit log; set by the app that authenticated it. */
  origin?: RequestOrigin;
}

/** Per-tenant overrides of the per-key rate limit, set by the instance operator. */
export interface TenantRequestLimits {
  perMinute: number | null;
  burst: number | null;
}

export interface RequestOrigin {
  /** The client address as the app sees it (first X-Forwarded-For hop behind a proxy). */
  ipAddress: string | null;
  requestId: string | null;
}
