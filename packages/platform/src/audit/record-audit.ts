import type { Prisma } from '@agentloom/db';

import type { Principal } from '../auth/roles';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

/** Appends to the audit log inside the caller's transaction, so the record exists iff the change does. */
export async function recordAudit(
  transaction: Prisma.TransactionClient,
  principal: Principal | { tenantId: string; system: string },
  entry: AuditEntry,
): Promise<void> {
  const actor = 'system' in principal ? { actorType: 'system', actorId: principal.system } : { actorType: 'api_key', actorId: principal.apiKeyId };
  const origin = 'origin' in principal && principal.origin ? principal.origin : { ipAddress: null, requestId: null };
  await transaction.auditLog.create({
    data: { tenantId: principal.tenantId, ...actor, ...entry, ipAddress: origin.ipAddress, requestId: origin.requestId },
  });
}
