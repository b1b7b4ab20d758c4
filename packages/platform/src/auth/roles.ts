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
}
