import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertCredentialCurrent } from '../auth/assert-credential-current';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { hashAgentConfig } from './agent-config-hash';
import type { SecretBox } from '../secrets/secret-box';
import { mapModelKeys, restoreConfigSecrets } from './agent-config-secrets';
import { changedConfigFields, effectiveConfig } from './agent-rows';
import type { AgentVersionConfig } from './agent-version-config';

interface SaveRequest {
  agentId: string;
  config: AgentVersionConfig;
  name?: string | undefined;
  description?: string | undefined;
}

/**
 * One transaction: lock the agent row (concurrent saves queue instead of colliding on n+1), compare
 * with the latest version, insert version n+1 when the config changed, update name/description when
 * they changed, and audit each change. Versions are never updated.
 */
export async function saveAgentVersion(database: Database, principal: Principal, request: SaveRequest, secrets: SecretBox): Promise<{ created: boolean }> {
  return database.prisma.$transaction(async (transaction) => {
    // A config names the model's address and key: not through a key revoked a moment ago (ADR 0103).
    await assertCredentialCurrent(transaction, principal);
    const locked = await transaction.$queryRawUnsafe<{ name: string; description: string; archived: boolean }[]>(
      'SELECT name, description, archived_at IS NOT NULL AS archived FROM agents WHERE id = $1::uuid AND tenant_id = $2::uuid FOR UPDATE',
      request.agentId,
      principal.tenantId,
    );
    const agent = locked[0];
    if (!agent) throw new DomainError('not-found', `Agent ${request.agentId} not found`, 'agentId');
    if (agent.archived) throw new DomainError('conflict', `Agent ${request.agentId} is archived; unarchive it before saving a version`, 'agentId');
    await updateNameAndDescription(transaction, principal, request, agent);

    const latest = await transaction.agentVersion.findFirst({
      where: { agentId: request.agentId },
      orderBy: { version: 'desc' },
      select: { version: true, config: true, configHash: true },
    });
    // Keys are stored sealed: compare and restore on the plaintext, seal again on the way in.
    const previous = latest ? mapModelKeys(effectiveConfig(latest.config), (key) => secrets.open(key)) : undefined;
    const config = restoreConfigSecrets(request.config, previous);
    const configHash = hashAgentConfig(config, (key) => secrets.fingerprint(key));
    // Compare with the recomputed hash: seeded versions stored a hash of their raw config.
    if (previous && hashAgentConfig(previous, (key) => secrets.fingerprint(key)) === configHash) return { created: false };

    const version = (latest?.version ?? 0) + 1;
    await transaction.agentVersion.create({
      data: {
        tenantId: principal.tenantId,
        agentId: request.agentId,
        version,
        config: mapModelKeys(config, (key) => secrets.seal(key)) as Prisma.InputJsonObject,
        configHash,
        createdBy: principal.apiKeyName,
      },
    });
    await transaction.agent.update({ where: { id: request.agentId }, data: { updatedAt: new Date() } });
    await recordAudit(transaction, principal, {
      action: 'agent.save-version',
      targetType: 'agent',
      targetId: request.agentId,
      ...(latest ? { before: { version: latest.version, configHash: latest.configHash } } : {}),
      after: { version, configHash, changedFields: changedConfigFields(previous, config) },
    });
    return { created: true };
  });
}

async function updateNameAndDescription(
  transaction: Prisma.TransactionClient,
  principal: Principal,
  request: SaveRequest,
  current: { name: string; description: string },
): Promise<void> {
  const name = request.name ?? current.name;
  const description = request.description ?? current.description;
  if (name === current.name && description === current.description) return;
  await transaction.agent.update({ where: { id: request.agentId }, data: { name, description } });
  await recordAudit(transaction, principal, {
    action: 'agent.update',
    targetType: 'agent',
    targetId: request.agentId,
    before: { name: current.name, description: current.description },
    after: { name, description },
  });
}
