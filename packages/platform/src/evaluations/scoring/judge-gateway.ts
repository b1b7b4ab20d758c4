import type { Prisma } from '@agentloom/db';
import { DemoScriptModel, type ModelGateway } from '@agentloom/runtime';

import { agentVersionConfigSchema } from '../../agents/agent-version-config';
import type { ModelConnector } from '../../outbound/model-connector';

/**
 * The judge's gateway: the judge agent version's model with its fallbacks, built by the one
 * ModelConnector (sealed key opened at the last moment, outbound policy on every request), or its
 * demo script when it has no model (offline, deterministic: what tests and demos use).
 * Null when the version is gone or has neither.
 */
export async function judgeGateway(
  prisma: Prisma.TransactionClient,
  models: ModelConnector,
  tenantId: string,
  judge: { judgeAgentId: string; judgeAgentVersion: number },
): Promise<ModelGateway | null> {
  const version = await prisma.agentVersion.findFirst({ where: { tenantId, agentId: judge.judgeAgentId, version: judge.judgeAgentVersion }, select: { config: true } });
  if (!version) return null;
  const config = agentVersionConfigSchema.safeParse(version.config);
  if (!config.success) return null;
  if (config.data.model) return models.gateway(config.data.model, { fallbacks: config.data.fallbackModels });
  return config.data.demoScript ? new DemoScriptModel(config.data.demoScript) : null;
}
