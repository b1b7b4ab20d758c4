import type { Database } from '@agentloom/db';
import type { ModelGateway } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../../agents/agent-version-config';
import type { Logger } from '../../logging/logger';
import { loadEpisodeSource, type EpisodeSource } from '../episodes/episode-source';
import { storedScopeOf } from '../memory-scope';
import type { PrismaMemoryPort } from '../prisma-memory-port';
import { applyMemoryDecisions } from './apply-memory-decisions';
import { extractionLevelsOf, whyNotChangeable } from './extraction-levels';
import { claimExtractionJob, dueExtractionJobs, failExtractionAttempt, finishExtractionJob, giveBackExtractionAttempt } from './extraction-job-sql';
import { extractionMessages, parseExtractionReply, type ExistingMemory } from './extraction-prompt';

/** Where extraction gets the agent's model (the platform's ModelConnector: sealed keys, outbound policy). */
export interface ExtractionModels {
  gateway(model: NonNullable<AgentVersionConfig['model']>): ModelGateway;
}

/**
 * A failing provider is not called again in a loop: an extraction is tried at most `maxAttempts`
 * times, the n-th retry waiting `retryDelaysMs[n - 1]`; then it is `failed`, with the last error
 * kept. A claimed attempt counts even if the process dies in it (the claim is the count).
 */
export const extractionRetryPolicy = { maxAttempts: 3, retryDelaysMs: [60_000, 10 * 60_000] } as const;

/**
 * How long a claim holds before another process may take the job over (a crashed claimant, or one
 * whose model call outlived it), by the database's clock.
 */
const claimLeaseMs = 5 * 60_000;
/** How many existing memories the model sees: the nearest ones to the turn. */
const neighbourCount = 8;
/** How many more are searched, so that the shared and pinned ones left out do not crowd out the run's own. */
const neighbourSearchFactor = 3;

/**
 * The post-run extraction job (ADR 0024): for each due `memory_extractions` row, the run's turn and
 * its nearest existing facts go to the agent's model, whose ADD/UPDATE/DELETE/NONE decisions are
 * applied and recorded. Returns how many jobs finished and how many attempts failed.
 */
export async function runPendingExtractions(
  database: Database,
  port: PrismaMemoryPort,
  logger: Logger,
  options: { limit: number; signal: AbortSignal; models: ExtractionModels },
): Promise<{ done: number; failedAttempts: number }> {
  const due = await dueExtractionJobs(database.prisma, options.limit);
  let done = 0;
  let failedAttempts = 0;
  for (const job of due) {
    if (options.signal.aborted) break;
    // Claim: one process per attempt, and the attempt is counted before the provider is called.
    // Everything after it is fenced by the claim (`extraction-job-sql.ts`): a lease that ran out
    // while the model was thinking leaves this process nothing to write.
    const claim = await claimExtractionJob(database.prisma, job, claimLeaseMs);
    if (!claim) continue;
    try {
      const source = await loadEpisodeSource(database.prisma, job.runId);
      const model = source?.config?.model;
      if (!source || !model || source.outcome !== 'succeeded') {
        await finishExtractionJob(database.prisma, claim, { model: null, lastError: 'Nothing to extract (no model or no successful run)' });
        continue;
      }
      const existing = await nearestExisting(database, port, source);
      const response = await options.models.gateway(model).invoke({
        messages: extractionMessages({ task: source.task, answer: source.result }, existing),
        tools: [],
        purpose: 'summary',
        instance: { instanceId: source.runId, step: 0 },
        options: { maxOutputTokens: 800, temperature: 0 },
        signal: options.signal,
      });
      const decisions = parseExtractionReply(response.text, existing);
      const outcome = await applyMemoryDecisions(database, port, source, claim, { decisions, existing, model: response.model });
      if ('applied' in outcome) {
        done += 1;
        continue;
      }
      if (outcome.skipped === 'claim-lost') {
        logger.warn('Memory extraction outlived its claim; another process took the job over, so its decisions were dropped', {
          runId: job.runId,
          attempt: claim.attempt,
        });
        continue;
      }
      // Erased or redacted meanwhile: not the provider's fault, so the attempt is given back and the
      // job runs again from what is left (an erased run took its job with it).
      await giveBackExtractionAttempt(database.prisma, claim);
    } catch (error) {
      if (options.signal.aborted) break;
      failedAttempts += 1;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = claim.attempt >= extractionRetryPolicy.maxAttempts;
      const retryDelayMs = extractionRetryPolicy.retryDelaysMs[claim.attempt - 1] ?? 0;
      const recorded = await failExtractionAttempt(database.prisma, claim, { giveUp, lastError: message.slice(0, 2_000), retryDelayMs });
      const outcome = !recorded
        ? 'Memory extraction failed after its claim ran out; the job is left to the process that took it over'
        : giveUp
          ? 'Memory extraction failed for good'
          : 'Memory extraction failed; will retry';
      logger.warn(outcome, { runId: job.runId, attempt: claim.attempt, error: message });
    }
  }
  if (done > 0) logger.info(`Extracted memory from ${done} run(s)`);
  return { done, failedAttempts };
}

/**
 * The live facts nearest to the turn that the run may change, under local ids "0", "1", …: the
 * model is told it may UPDATE or DELETE every memory it is shown, so items at a wider level than the
 * run's own (another end user's shared project or agent memory) and pinned items are left out
 * (`extraction-levels.ts`); `applyMemoryDecisions` holds to the same rule for an item that became
 * pinned since. The search runs over every level the run sees, with room for the ones left out.
 */
async function nearestExisting(database: Database, port: PrismaMemoryPort, source: EpisodeSource): Promise<ExistingMemory[]> {
  const hits = await port.nearest({
    scope: {
      tenantId: source.tenantId,
      agentId: source.agentId,
      ...(source.threadId ? { threadId: source.threadId } : {}),
      ...(source.endUserId ? { userId: source.endUserId } : {}),
    },
    text: `${source.task}\n${source.result}`,
    limit: neighbourCount * neighbourSearchFactor,
    kinds: ['fact'],
  });
  const levels = extractionLevelsOf(source);
  const pinned = await database.prisma.memoryItem.findMany({
    where: { tenantId: source.tenantId, id: { in: hits.map((hit) => hit.item.id) }, pinned: true },
    select: { id: true },
  });
  const pinnedIds = new Set(pinned.map((row) => row.id));
  const changeable = hits.filter((hit) => whyNotChangeable(levels, { ...storedScopeOf(hit.item.scope), pinned: pinnedIds.has(hit.item.id) }) === null);
  return changeable
    .slice(0, neighbourCount)
    .map((hit, index) => ({ localId: String(index), itemId: hit.item.id, key: hit.item.key ?? null, content: hit.item.content }));
}
