import type { Database } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import { archivedAgentRefusal, originRefusal, repeatRefusalError } from './run-repeat-rules';

/** What a retry or re-run copies from the run it repeats. */
export interface OriginRun {
  id: string;
  status: string;
  agentId: string;
  agentVersion: { id: string; version: number };
  threadId: string | null;
  /** The input text (runs store `{ text }`). */
  inputText: string;
  /** The run that already retries this one, if any. */
  retryRunId: string | null;
  /** The batch this run is an item of, and the item's index (ADR 0049); null for a run outside a batch. */
  batch: { id: string; item: number } | null;
}

/**
 * @throws DomainError `not-found` on `runId` for an unknown run or another tenant's; `conflict` for a
 * replay of a dataset case.
 */
export async function loadOriginRun(database: Database, tenantId: string, runId: string): Promise<OriginRun> {
  const row = await database.prisma.run.findFirst({
    where: { id: runId, tenantId },
    select: {
      id: true,
      status: true,
      agentId: true,
      threadId: true,
      input: true,
      agentVersion: { select: { id: true, version: true } },
      retry: { select: { id: true } },
      evalResult: { select: { experimentId: true } },
      batchId: true,
      batchItem: true,
    },
  });
  if (!row) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
  // The run view shows the same refusal (run-repeat-rules.ts), so the console offers no repeat of it.
  const refusal = originRefusal({ runId, input: row.input, replayExperimentId: row.evalResult?.experimentId ?? null });
  if (refusal) throw repeatRefusalError(refusal);
  return {
    id: row.id,
    status: row.status,
    agentId: row.agentId,
    agentVersion: row.agentVersion,
    threadId: row.threadId,
    // originRefusal refused any other shape.
    inputText: (row.input as { text: string }).text,
    retryRunId: row.retry?.id ?? null,
    batch: row.batchId !== null && row.batchItem !== null ? { id: row.batchId, item: row.batchItem } : null,
  };
}

/** The agent must still take runs, and `version` (a number) must exist; the origin's version when omitted. */
export async function resolveRepeatVersion(
  database: Database,
  tenantId: string,
  origin: OriginRun,
  version: number | undefined,
): Promise<{ id: string; version: number }> {
  const agent = await database.prisma.agent.findFirst({ where: { id: origin.agentId, tenantId }, select: { archivedAt: true } });
  if (!agent) throw new DomainError('not-found', `Agent ${origin.agentId} not found`, 'runId');
  if (agent.archivedAt) throw repeatRefusalError(archivedAgentRefusal(origin.agentId));
  if (version === undefined || version === origin.agentVersion.version) return origin.agentVersion;
  const found = await database.prisma.agentVersion.findUnique({
    where: { agentId_version: { agentId: origin.agentId, version } },
    select: { id: true, version: true },
  });
  if (!found) throw new DomainError('not-found', `Agent ${origin.agentId} has no version ${version}`, 'agentVersion');
  return found;
}
