import type { Database, StatementRunner } from '@agentloom/db';
import type { Engine } from '@agentloom/runtime';

import { agentVersionConfigSchema } from '../agents/agent-version-config';
import { buildRunEngine } from '../execution/engine/build-run-engine';
import { createToolLedgerHooks } from '../execution/engine/tool-ledger-hooks';
import type { ClaimedRun } from '../execution/run-claims';
import { ModelConnector } from '../outbound/model-connector';
import { SecretBox } from '../secrets/secret-box';
import { ToolCatalog } from '../tools/tool-catalog';
import { testSecretKey } from './test-platform';

/**
 * The engine of a claimed run as the executor builds it, with the tool ledger hooked in: the step-commit tests
 * drive it step by step and commit each step with `persistStep` themselves. `ledgerRunner` is where the
 * ledger's statements go (the executor sends them through the driver, `Database.statements`).
 */
export async function ledgeredRunEngine(database: Database, claimed: ClaimedRun, owner: string, agentId: string, ledgerRunner: StatementRunner = database.prisma): Promise<Engine> {
  const version = await database.prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
  const holder: { engine?: Engine } = {};
  const ledger = createToolLedgerHooks(ledgerRunner, claimed, owner, () => holder.engine!.services.registry);
  const engine = buildRunEngine({
    runId: claimed.id,
    agentId,
    versionId: version.id,
    config: agentVersionConfigSchema.parse(version.config),
    tools: new ToolCatalog(),
    hooks: [ledger],
    models: new ModelConnector(fetch, new SecretBox(testSecretKey)),
  });
  holder.engine = engine;
  return engine;
}
