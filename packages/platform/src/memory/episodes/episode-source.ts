import type { Prisma } from '@agentloom/db';

import { agentVersionConfigSchema, type AgentVersionConfig } from '../../agents/agent-version-config';
import { erasedContent } from '../../erase/erased-content';
import { readersOfErasedContent } from '../../erase/readers-of-erased-content';

/** What an episode summary is made of. */
export interface EpisodeSource {
  runId: string;
  tenantId: string;
  agentId: string;
  threadId: string | null;
  /** When the run was created: the episode happened then. */
  runCreatedAt: Date;
  /** The end user of the run's thread, if any. */
  endUserId: string | null;
  /** When the user asked (the turn's time) and when the run ended. */
  createdAt: Date;
  finishedAt: Date | null;
  task: string;
  outcome: 'succeeded' | 'failed';
  /** Final answer, or the error message of a failed run. */
  result: string;
  /** Why a failed run failed (`provider-unreachable`, `tool-failed`, …); null for a succeeded run. */
  errorKind: string | null;
  toolResults: { name: string; content: string; isError: boolean }[];
  /** Outcomes and rewards given on the run (ADR 0051), oldest first, at most `maxFeedback`. */
  feedback: EpisodeFeedback[];
  config: AgentVersionConfig | null;
}

export interface EpisodeFeedback {
  label: string | null;
  reward: number | null;
  comment: string;
  stepIndex: number | null;
  source: string;
}

/** At most this many tool results go into a summary: the first ones usually carry the evidence. */
const maxToolResults = 5;
/** The newest entries matter most to later runs; an episode carries at most this many. */
const maxFeedback = 5;

export async function loadEpisodeSource(prisma: Prisma.TransactionClient, runId: string): Promise<EpisodeSource | null> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      tenantId: true,
      agentId: true,
      threadId: true,
      input: true,
      output: true,
      status: true,
      errorMessage: true,
      errorKind: true,
      createdAt: true,
      finishedAt: true,
      thread: { select: { endUserId: true } },
      agentVersion: { select: { config: true } },
      evalResult: { select: { id: true } },
    },
  });
  if (!run || (run.status !== 'succeeded' && run.status !== 'failed')) return null;
  // A replay (ADR 0048) leaves the tenant's memory as it was: it writes no episode.
  if (run.evalResult) return null;
  const calls = await prisma.toolCall.findMany({
    where: { runId, status: { in: ['succeeded', 'failed'] } },
    // The id breaks ties (calls of one step share a time), so two reads agree (episodeSourceUnchanged).
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: maxToolResults,
    select: { name: true, result: true, status: true },
  });
  const feedback = await prisma.runFeedback.findMany({
    where: { runId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: maxFeedback,
    select: { label: true, reward: true, comment: true, stepIndex: true, source: true },
  });
  const parsedConfig = agentVersionConfigSchema.safeParse(run.agentVersion.config);
  return {
    runId: run.id,
    tenantId: run.tenantId,
    agentId: run.agentId,
    threadId: run.threadId,
    runCreatedAt: run.createdAt,
    endUserId: run.thread?.endUserId ?? null,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    task: (run.input as { text?: string } | null)?.text ?? '',
    outcome: run.status,
    // A run that read erased content may repeat it in its answer (readers-of-erased-content.ts): not summarized.
    result: (await readersOfErasedContent(prisma, [run.id])).has(run.id)
      ? erasedContent
      : run.status === 'succeeded'
        ? ((run.output as { text?: string } | null)?.text ?? '')
        : (run.errorMessage ?? 'unknown error'),
    errorKind: run.status === 'failed' ? (run.errorKind ?? null) : null,
    toolResults: calls.map((call) => ({
      name: call.name,
      content: (call.result as { content?: string } | null)?.content ?? '',
      isError: call.status === 'failed',
    })),
    feedback: feedback.reverse(),
    config: parsedConfig.success ? parsedConfig.data : null,
  };
}

/**
 * Whether the run still reads as `source` did: it exists and nothing in it (answer, tool results,
 * thread) was erased or redacted since. Called inside the writer's transaction under the erase
 * fence (ADR 0040), so a copy is written only from a source that is still there.
 */
export async function episodeSourceUnchanged(transaction: Prisma.TransactionClient, source: EpisodeSource): Promise<boolean> {
  const now = await loadEpisodeSource(transaction, source.runId);
  return now !== null && JSON.stringify(now) === JSON.stringify(source);
}
