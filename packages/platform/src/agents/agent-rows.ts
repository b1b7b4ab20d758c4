import type { Prisma } from '@agentloom/db';
import { canonicalJson } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { redactConfigSecrets } from './agent-config-secrets';
import { agentVersionConfigSchema, maximumApprovalExpiryMinutes, type AgentVersionConfig } from './agent-version-config';
import type { AgentSummaryView, AgentVersionSummaryView, AgentVersionView } from './agent-views';

export const agentSummarySelect = {
  id: true,
  slug: true,
  name: true,
  description: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
  versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } },
} as const satisfies Prisma.AgentSelect;

export const versionSummarySelect = {
  id: true,
  version: true,
  configHash: true,
  createdBy: true,
  createdAt: true,
} as const satisfies Prisma.AgentVersionSelect;
export const versionSelect = { ...versionSummarySelect, agentId: true, config: true } as const satisfies Prisma.AgentVersionSelect;

type AgentSummaryRow = Prisma.AgentGetPayload<{ select: typeof agentSummarySelect }>;
type VersionSummaryRow = Prisma.AgentVersionGetPayload<{ select: typeof versionSummarySelect }>;
type VersionRow = Prisma.AgentVersionGetPayload<{ select: typeof versionSelect }>;

export function toAgentSummaryView(row: AgentSummaryRow): AgentSummaryView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    latestVersion: row.versions[0]?.version ?? null,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toVersionSummaryView(row: VersionSummaryRow): AgentVersionSummaryView {
  return { id: row.id, version: row.version, configHash: row.configHash, createdBy: row.createdBy, createdAt: row.createdAt.toISOString() };
}

export function toVersionView(row: VersionRow): AgentVersionView {
  return { ...toVersionSummaryView(row), agentId: row.agentId, config: redactConfigSecrets(effectiveConfig(row.config)) };
}

/**
 * A stored config with defaults applied. Versions saved through the service are stored this way;
 * seeded ones hold what the seed wrote, so reading always normalises.
 */
export function effectiveConfig(stored: Prisma.JsonValue): AgentVersionConfig {
  return agentVersionConfigSchema.parse(stored);
}

/** Validates a config sent by a client, naming the offending field as `config.<path>`. */
export function parseConfig(config: unknown): AgentVersionConfig {
  try {
    const parsed = parseInput(agentVersionConfigSchema, config);
    if (parsed.approvalExpiryMinutes !== undefined && parsed.approvalExpiryMinutes > maximumApprovalExpiryMinutes) {
      throw new DomainError('validation', `approvalExpiryMinutes: must be at most ${maximumApprovalExpiryMinutes} (a year)`, 'approvalExpiryMinutes');
    }
    return parsed;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'validation') {
      throw new DomainError('validation', `config.${error.message}`, error.field ? `config.${error.field}` : 'config');
    }
    throw error;
  }
}

/** Top-level config fields whose values differ, for the audit record of a save. */
export function changedConfigFields(before: AgentVersionConfig | undefined, after: AgentVersionConfig): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  const beforeRecord = (before ?? {}) as Record<string, unknown>;
  const afterRecord = after as Record<string, unknown>;
  return [...keys].filter((key) => canonicalJson(beforeRecord[key]) !== canonicalJson(afterRecord[key])).sort();
}
