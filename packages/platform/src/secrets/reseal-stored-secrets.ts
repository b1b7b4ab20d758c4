import type { Database } from '@agentloom/db';

import { SecretKeyError, type SecretBox } from './secret-box';
import { sealedHeaders } from '../mcp/mcp-server-view';
import {
  lockAgentVersionsToReseal,
  lockMcpServerHeadersToReseal,
  lockWebhookSecretsToReseal,
  updateAgentVersionConfig,
  updateMcpServerHeaders,
  updateWebhookSecret,
} from './stored-secrets-sql';

/** What a reseal pass rewrote, and what it could not open (sealed with a key it was not given). */
export interface ResealReport {
  agentVersions: number;
  webhookEndpoints: number;
  /** MCP servers whose auth header values were re-sealed. */
  mcpServers: number;
  unreadable: number;
}

type Reseal = (stored: string) => string | undefined;

/** Rewrites `model.apiKey` and each `fallbackModels[].apiKey` of a stored (raw) config; undefined when nothing changed. */
function resealConfig(config: unknown, reseal: Reseal): unknown {
  if (typeof config !== 'object' || config === null) return undefined;
  let changed = false;
  const resealEntry = (entry: unknown): unknown => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as { apiKey?: unknown }).apiKey !== 'string') return entry;
    const next = reseal((entry as { apiKey: string }).apiKey);
    if (next === undefined) return entry;
    changed = true;
    return { ...entry, apiKey: next };
  };
  const raw = config as { model?: unknown; fallbackModels?: unknown };
  const updated = {
    ...raw,
    ...(raw.model === undefined ? {} : { model: resealEntry(raw.model) }),
    ...(Array.isArray(raw.fallbackModels) ? { fallbackModels: raw.fallbackModels.map(resealEntry) } : {}),
  };
  return changed ? updated : undefined;
}

/** Re-seals each header value of a stored MCP server; undefined when none changed. */
function resealHeaders(stored: unknown, reseal: Reseal): Record<string, string> | undefined {
  let changed = false;
  const headers = Object.fromEntries(
    Object.entries(sealedHeaders(stored)).map(([name, value]) => {
      const next = reseal(value);
      if (next === undefined) return [name, value];
      changed = true;
      return [name, next];
    }),
  );
  return changed ? headers : undefined;
}

/**
 * Seals every stored secret (model API keys, webhook signing secrets, MCP server auth headers) with the box's current key, in one transaction: legacy plaintext
 * values (written before encryption at rest) and values sealed with an older key (rotation).
 * Values already sealed with the current key are left alone, so running it again is a no-op.
 * With `strict`, a value no configured key can open aborts the whole pass (the rotation command);
 * without, it is counted in `unreadable` and skipped (start-up, where one process may not have
 * the newest key yet).
 */
export async function resealStoredSecrets(database: Database, box: SecretBox, options: { strict: boolean }): Promise<ResealReport> {
  const report: ResealReport = { agentVersions: 0, webhookEndpoints: 0, mcpServers: 0, unreadable: 0 };
  const reseal: Reseal = (stored) => {
    if (!box.needsResealing(stored)) return undefined;
    try {
      return box.seal(box.open(stored));
    } catch (error) {
      if (options.strict || !(error instanceof SecretKeyError)) throw error;
      report.unreadable += 1;
      return undefined;
    }
  };
  await database.prisma.$transaction(
    async (transaction) => {
      for (const row of await lockAgentVersionsToReseal(transaction, box.currentKeyId)) {
        const updated = resealConfig(row.config, reseal);
        if (updated === undefined) continue;
        await updateAgentVersionConfig(transaction, row.id, updated);
        report.agentVersions += 1;
      }
      for (const row of await lockWebhookSecretsToReseal(transaction, box.currentKeyId)) {
        const updated = reseal(row.secret);
        if (updated === undefined) continue;
        await updateWebhookSecret(transaction, row.id, updated);
        report.webhookEndpoints += 1;
      }
      for (const row of await lockMcpServerHeadersToReseal(transaction, box.currentKeyId)) {
        const updated = resealHeaders(row.headers, reseal);
        if (updated === undefined) continue;
        await updateMcpServerHeaders(transaction, row.id, updated);
        report.mcpServers += 1;
      }
    },
    { timeout: 120_000 },
  );
  return report;
}
