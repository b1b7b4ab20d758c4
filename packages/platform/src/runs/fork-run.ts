import type { Database, Prisma } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { applyForkEdits } from './fork-edits';
import { forkRunInputSchema } from './fork-run.schema';
import { insertRun } from './insert-run';
import { loadOriginRun, resolveRepeatVersion } from './load-origin-run';
import { forkStatusRefusal, repeatRefusalError } from './run-repeat-rules';

/** What retention keeps (save-checkpoint.ts), named for the refusal that lists the forkable steps. */
const forkCheckpointLabel = 'fork';

/**
 * Forks a run from one of its steps (ADR 0032): a NEW run, on the source's agent version or another
 * version of the same agent, that starts from that step's checkpoint and the transcript up to it,
 * optionally edited. The run row (with its `run-created` event and `run.fork` audit entry), the
 * copied transcript and the copied checkpoint are written in one transaction; the executor then
 * resumes the fork from that checkpoint, so no step before the fork point runs again and no tool
 * call of the source is repeated (their results are in the copied transcript). The fork has no
 * thread (like a re-run, it must not rewrite a conversation's history); copied messages name the
 * source run in `source_run_ids`, so erasing the source redacts them.
 * @throws DomainError `validation` on `stepIndex` (out of range, no retained checkpoint, calls in
 *   flight), on `state…`/`messages…`/`appendMessage` (invalid edits); `conflict` on `runId` while
 *   the source is queued or running; `not-found` on `runId`/`agentVersion`.
 */
export async function forkRun(database: Database, principal: Principal, rawInput: unknown): Promise<{ runId: string }> {
  assertRole(principal, 'operator', 'Forking runs');
  const input = parseInput(forkRunInputSchema, rawInput);
  const { prisma } = database;
  const origin = await loadOriginRun(database, principal.tenantId, input.runId);
  // The rule the run view's `repeat.fork` shows (run-repeat-rules.ts): a queued or running run's latest checkpoint moves.
  const statusRefusal = forkStatusRefusal(origin.id, origin.status);
  if (statusRefusal) throw repeatRefusalError(statusRefusal);
  const agentVersion = await resolveRepeatVersion(database, principal.tenantId, origin, input.agentVersion);
  const checkpoint = await loadForkCheckpoint(database, origin.id, input.stepIndex);
  const messageCount = (checkpoint.state as { context?: { messageCount?: unknown } } | null)?.context?.messageCount;
  const transcript = await prisma.message.findMany({
    where: { runId: origin.id, index: { lt: typeof messageCount === 'number' ? messageCount : 0 } },
    orderBy: { index: 'asc' },
    select: {
      index: true,
      role: true,
      kind: true,
      content: true,
      toolCalls: true,
      toolCallId: true,
      toolName: true,
      isError: true,
      memoryItemIds: true,
      sourceRunIds: true,
    },
  });
  const { state, replacedContent } = applyForkEdits(checkpoint.state, input.stepIndex, transcript, input);
  const runId = await prisma.$transaction(async (transaction) => {
    const run = await insertRun(transaction, principal, {
      input: { agentId: origin.agentId, agentVersion: agentVersion.version, input: origin.inputText },
      requestHash: null,
      origin: { kind: 'fork', runId: origin.id, stepIndex: input.stepIndex },
    });
    await transaction.message.createMany({
      data: transcript.map((message) => ({
        tenantId: principal.tenantId,
        runId: run.id,
        index: message.index,
        role: message.role,
        kind: message.kind,
        content: replacedContent.get(message.index) ?? message.content,
        toolCalls: message.toolCalls ?? undefined,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        isError: message.isError,
        memoryItemIds: message.memoryItemIds,
        sourceRunIds: [...new Set([...message.sourceRunIds, origin.id])],
      })),
    });
    const copied = { ...state, instanceId: run.id };
    const serialized = JSON.stringify(copied);
    await transaction.checkpoint.create({
      data: {
        tenantId: principal.tenantId,
        runId: run.id,
        seq: input.stepIndex,
        stepIndex: input.stepIndex,
        formatVersion: checkpoint.formatVersion,
        state: copied,
        moduleBindings: copied.bindings,
        byteSize: Buffer.byteLength(serialized),
        retainedFor: forkCheckpointLabel,
      },
    });
    return run.id;
  });
  return { runId };
}

/** The retained checkpoint of `stepIndex`; refusals list the steps that have one. */
async function loadForkCheckpoint(database: Database, runId: string, stepIndex: number): Promise<{ state: Prisma.JsonValue; formatVersion: number }> {
  const { prisma } = database;
  const [lastStep, found] = await Promise.all([
    prisma.step.aggregate({ where: { runId }, _max: { index: true } }),
    prisma.checkpoint.findFirst({ where: { runId, stepIndex }, orderBy: { seq: 'desc' }, select: { state: true, formatVersion: true } }),
  ]);
  const last = lastStep._max.index ?? 0;
  if (stepIndex > last) {
    throw new DomainError(
      'validation',
      last === 0 ? `Run ${runId} has no committed steps to fork from` : `Run ${runId} has steps 1 to ${last}; there is no step ${stepIndex}`,
      'stepIndex',
    );
  }
  if (!found) {
    const retained = await prisma.checkpoint.findMany({ where: { runId }, orderBy: { seq: 'asc' }, select: { stepIndex: true } });
    const forkable = retained.map((checkpoint) => checkpoint.stepIndex).join(', ');
    throw new DomainError(
      'validation',
      `Step ${stepIndex} of run ${runId} has no stored checkpoint (retention keeps the latest, approval points and the step before a failure)${forkable ? `; steps with one: ${forkable}` : ''}`,
      'stepIndex',
    );
  }
  return found;
}
