import type { Database } from '@agentloom/db';

import type { CaseFixture } from '../case-fixture';
import type { MemoryMode, Scorer } from '../evaluation.schema';
import { runCustomScorer } from './custom-scorer';
import { judgeWithinBudget } from './judge-within-budget';
import { recordedMemoryRead, type MemoryRead } from './memory-scorers';
import type { CaseScore } from './output-scorers';
import type { ScoringContext } from './scoring-context';

/**
 * The scores that call out (the judge's model) or run operator code (custom scorers), by the
 * scorer's position in the experiment's list. They run before the scoring transaction, never inside
 * it: a model call must not hold a transaction (on PGlite it would hold the whole database). Two
 * readers scoring at once may both ask the judge; only one result is stored (ADR 0048's guard).
 */
export async function scoreOutsideTransaction(
  database: Database,
  context: ScoringContext,
  tenantId: string,
  replay: { runId: string; fixture: CaseFixture; labels: string[]; memoryMode: MemoryMode },
  scorers: readonly Scorer[],
): Promise<Map<number, CaseScore>> {
  const scores = new Map<number, CaseScore>();
  if (!scoresOutsideTransaction(scorers)) return scores;
  const { prisma } = database;
  const run = await prisma.run.findUniqueOrThrow({ where: { id: replay.runId }, select: { status: true, output: true } });
  const calls = await prisma.toolCall.findMany({ where: { runId: replay.runId, parentToolCallId: null }, orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }], select: { name: true, arguments: true, editedArguments: true } });
  const output = (run.output as { text?: string } | null)?.text ?? null;
  const expected = replay.fixture.expectedOutput ?? replay.fixture.finalOutput;
  // Read once for every custom scorer of the case (the judge does not see memory).
  const memoryRead = scorers.some((scorer) => scorer.type === 'custom') ? await memoryReadOf(prisma, replay) : [];
  for (const [index, scorer] of scorers.entries()) {
    if (scorer.type === 'llm-judge') {
      scores.set(index, await judgeWithinBudget(database, context, tenantId, scorer, { input: replay.fixture.input, output, expected, runId: replay.runId }));
    }
    if (scorer.type === 'custom') {
      const custom = context.customScorers.get(scorer.name);
      scores.set(
        index,
        custom
          ? await runCustomScorer(
              custom,
              {
                input: replay.fixture.input,
                output,
                expected,
                runStatus: run.status,
                toolCalls: calls.map((call) => ({ name: call.name, arguments: call.editedArguments ?? call.arguments })),
                recordedToolCalls: replay.fixture.toolResults,
                memoryRead,
                labels: replay.labels,
                options: scorer.options,
              },
              context.customScorerTimeoutMs,
            )
          : { scorer: `custom:${scorer.name}`, passed: false, value: 0, explanation: `no scorer "${scorer.name}" is loaded in this process (AGENTLOOM_SCORER_MODULES)` },
      );
    }
  }
  return scores;
}

/** What the replay read: its case's recorded injections, or in live memory mode the items the run itself read (each once, first read first). */
async function memoryReadOf(prisma: Database['prisma'], replay: { runId: string; fixture: CaseFixture; memoryMode: MemoryMode }): Promise<MemoryRead[]> {
  if (replay.memoryMode === 'recorded') return recordedMemoryRead(replay.fixture);
  const injections = await prisma.memoryInjection.findMany({
    where: { runId: replay.runId },
    orderBy: [{ createdAt: 'asc' }, { memoryItemId: 'asc' }],
    select: { memoryItem: { select: { id: true, kind: true, key: true, content: true } } },
  });
  const read = new Map<string, MemoryRead>();
  for (const { memoryItem: item } of injections) {
    if (!read.has(item.id)) read.set(item.id, { id: item.id, kind: item.kind, content: item.content, ...(item.key === null ? {} : { key: item.key }) });
  }
  return [...read.values()];
}

/** Whether any scorer calls out (the judge) or runs operator code (custom): those are scored on read, never in the executor. */
export function scoresOutsideTransaction(scorers: readonly Scorer[]): boolean {
  return scorers.some((scorer) => scorer.type === 'llm-judge' || scorer.type === 'custom');
}
