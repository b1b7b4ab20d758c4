import type { PrismaExecutor } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import type { Principal } from './roles';
import { assertTenantActive } from './tenant-standing';

/**
 * Re-reads the caller's key (and session, when signed in through one) and its tenant inside the
 * transaction of a sensitive change — minting or revoking keys, erasing, deciding an approval, adding
 * where data goes (webhooks, MCP servers, agent configs) — and locks the key and tenant rows until
 * commit (`FOR SHARE`), so a revoke or a suspension either commits first and this refuses, or waits
 * for this to commit. A principal authenticated a moment before its key was revoked, or its tenant
 * suspended, can therefore change nothing after the revoke or suspension returned, on any process,
 * whatever any cache said.
 */
export async function assertCredentialCurrent(transaction: PrismaExecutor, principal: Principal): Promise<void> {
  const keys = await transaction.$queryRawUnsafe<{ name: string; suspendedAt: Date | null }[]>(
    `SELECT tenant.name, tenant.suspended_at AS "suspendedAt"
       FROM api_keys AS api_key JOIN tenants AS tenant ON tenant.id = api_key.tenant_id
      WHERE api_key.id = $1::uuid AND api_key.tenant_id = $2::uuid AND api_key.revoked_at IS NULL
        FOR SHARE`,
    principal.apiKeyId,
    principal.tenantId,
  );
  const [key] = keys;
  if (!key) throw new DomainError('unauthenticated', 'That API key is not valid.');
  assertTenantActive(key);
  if (principal.sessionId === undefined) return;
  const sessions = await transaction.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM sessions WHERE id = $1::uuid AND expires_at > now() FOR SHARE',
    principal.sessionId,
  );
  if (sessions.length === 0) throw new DomainError('unauthenticated', 'Your session has ended; sign in again.');
}
