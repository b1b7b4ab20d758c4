import type { Database } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';

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
    },
  });
  if (!row) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
  // A replay serves recorded tool results and never runs an unsafe tool (ADR 0048); its retry, re-run
  // or fork would be an ordinary live run of the case, executing for real what the recording served.
  if (row.evalResult) {
    throw new DomainError('conflict', `Run ${runId} replays a dataset case in experiment ${row.evalResult.experimentId}; run the experiment again instead`, 'runId');
  }
  const input = row.input as { text?: unknown } | null;
  if (typeof input?.text !== 'string') throw new DomainError('validation', `Run ${runId} has no text input to run again`, 'runId');
  return {
    id: row.id,
    status: row.status,
    agentId: row.agentId,
    agentVersion: row.agentVersion,
    threadId: row.threadId,
    inputText: input.text,
    retryRunId: row.retry?.id ?? null,
  };
}

/** The agent must still take runs, and `version` (a number) must exist; the origin's version when omitted. */
export async function resolveRepeatVersion(database: Database, tenantId: string, origin: OriginRun, version: number | undefined): Promise<{ id: string; version: number }> {
  const agent = await database.prisma.agent.findFirst({ where: { id: origin.agentId, tenantId }, select: { archivedAt: true } });
  if (!agent) throw new DomainError('not-found', `Agent ${origin.agentId} not found`, 'runId');
  if (agent.archivedAt) throw new DomainError('validation', `Agent ${origin.agentId} is archived; unarchive it to run it again`, 'runId');
  if (version === undefined || version === origin.agentVersion.version) return origin.agentVersion;
  const found = await database.prisma.agentVersion.findUnique({ where: { agentId_version: { agentId: origin.agentId, version } }, select: { id: true, version: true } });
  if (!found) throw new DomainError('not-found', `Agent ${origin.agentId} has no version ${version}`, 'agentVersion');
  return found;
}
