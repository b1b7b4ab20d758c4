import type { PrismaExecutor } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import type { Principal } from './roles';

/**
 * Re-reads the caller's key (and session, when signed in through one) inside the transaction of a
 * sensitive change — minting or revoking keys, erasing, deciding an approval, adding where data goes
 * (webhooks, MCP servers, agent configs) — and locks the key row until commit
 * (`FOR SHARE`), so a revoke either commits first and this refuses, or waits for this to commit.
 * A principal authenticated a moment before its key was revoked can therefore change nothing after
 * the revoke returned, on any process, whatever any cache said.
 */
export async function assertCredentialCurrent(transaction: PrismaExecutor, principal: Principal): Promise<void> {
  const keys = await transaction.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM api_keys WHERE id = $1::uuid AND tenant_id = $2::uuid AND revoked_at IS NULL FOR SHARE',
    principal.apiKeyId,
    principal.tenantId,
  );
  if (keys.length === 0) throw new DomainError('unauthenticated', 'That API key is not valid.');
  if (principal.sessionId === undefined) return;
  const sessions = await transaction.$queryRawUnsafe<{ id: string }[]>(
    'SELECT id FROM sessions WHERE id = $1::uuid AND expires_at > now() FOR SHARE',
    principal.sessionId,
  );
  if (sessions.length === 0) throw new DomainError('unauthenticated', 'Your session has ended; sign in again.');
}
