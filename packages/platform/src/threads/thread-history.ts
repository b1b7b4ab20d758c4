import type { PrismaClient } from '@agentloom/db';
import { estimateTokens, type Message } from '@agentloom/runtime';

import { erasedContent } from '../erase/erased-content';
import { readersOfErasedContent } from '../erase/readers-of-erased-content';

/** Tokens of earlier turns, summary included, a new run on a thread starts with. */
export const defaultThreadHistoryTokens = 4_000;

/** Earlier runs read per new run; runs before them are counted, not loaded. */
export const defaultThreadHistoryRuns = 50;

/** Each summarized turn keeps this much of the question and of the answer. */
const summaryExcerptCharacters = 160;

export interface Turn {
  /** The run the turn was copied from: the erase of that run finds and removes the copy. */
  runId: string;
  question: string;
  answer: string;
}

/** The seeded window and, per message, the runs whose content it copies (same order and length). */
export interface ThreadHistory {
  messages: Message[];
  sources: string[][];
}

const summaryQuestion = 'What happened earlier in this conversation?';

/**
 * The window of a thread's earlier turns a new run is seeded with: each earlier finished run's
 * task and final answer, newest kept whole, older ones folded into one extractive summary turn
 * (deterministic, no model call — the run has not started yet, and the excerpt keeps the words a
 * later memory search would need). The whole window, summary included, stays within the token
 * budget, and at most `maxRuns` earlier runs are read: a thread with thousands of turns costs one
 * bounded query and one count.
 */
export async function loadThreadHistory(
  prisma: PrismaClient,
  options: { threadId: string; runId: string; tokenBudget?: number; maxRuns?: number },
): Promise<ThreadHistory> {
  const current = await prisma.run.findUniqueOrThrow({ where: { id: options.runId }, select: { createdAt: true } });
  const where = { threadId: options.threadId, id: { not: options.runId }, createdAt: { lte: current.createdAt }, status: { in: ['succeeded' as const, 'failed' as const] } };
  const maxRuns = options.maxRuns ?? defaultThreadHistoryRuns;
  const newestFirst = await prisma.run.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: maxRuns,
    select: { id: true, input: true, output: true, status: true, errorMessage: true },
  });
  const notLoaded = newestFirst.length < maxRuns ? 0 : (await prisma.run.count({ where })) - newestFirst.length;
  const readersOfErased = await readersOfErasedContent(
    prisma,
    newestFirst.map((run) => run.id),
  );
  // A run that read erased content may repeat it in its answer: that answer is not seeded (an erase audit).
  const turns = newestFirst.reverse().map((run): Turn => ({
    runId: run.id,
    question: (run.input as { text?: string } | null)?.text ?? '',
    answer: readersOfErased.has(run.id)
      ? erasedContent
      : run.status === 'succeeded'
        ? ((run.output as { text?: string } | null)?.text ?? '')
        : `(This run failed: ${run.errorMessage ?? 'unknown error'})`,
  }));
  return windowOf(turns, options.tokenBudget ?? defaultThreadHistoryTokens, notLoaded);
}

/**
 * Newest turns whole, the rest as one summary turn in front, all within `tokenBudget` estimated
 * tokens. Whole turns get what the summary does not need: the summary turn is priced first at its
 * smallest (a count of the omitted turns) and grows with excerpts, newest first, only into budget
 * the whole turns left over. `omittedBefore` counts earlier turns that were not even loaded.
 * Exported for tests.
 */
export function windowOf(turns: readonly Turn[], tokenBudget: number, omittedBefore = 0): ThreadHistory {
  const kept: Message[][] = [];
  let firstKept = turns.length;
  let spent = 0;
  for (let position = turns.length - 1; position >= 0; position -= 1) {
    const messages = turnMessages(turns[position]!);
    const cost = estimateTokens(messages);
    // Whatever is left out needs a summary turn, at least its one-line form: reserve room for it.
    const remainder = position + omittedBefore;
    const reserve = remainder === 0 ? 0 : estimateTokens(summaryTurn([], remainder));
    if (spent + cost + reserve > tokenBudget) break;
    spent += cost;
    kept.unshift(messages);
    firstKept = position;
  }
  const older = turns.slice(0, firstKept);
  const keptSources = turns.slice(firstKept).flatMap((turn) => [[turn.runId], [turn.runId]]);
  if (older.length === 0 && omittedBefore === 0) return { messages: kept.flat(), sources: keptSources };
  // Excerpts from the newest older turn backwards while they fit; the rest are only counted.
  const excerpted: Turn[] = [];
  let summary = summaryTurn([], older.length + omittedBefore);
  for (let position = older.length - 1; position >= 0; position -= 1) {
    const candidate = summaryTurn([older[position]!, ...excerpted], older.length + omittedBefore);
    if (spent + estimateTokens(candidate) > tokenBudget) break;
    excerpted.unshift(older[position]!);
    summary = candidate;
  }
  const summarySources = excerpted.map((turn) => turn.runId);
  // A question/answer pair, so history is always whole turns (models and the demo script expect that).
  if (spent + estimateTokens(summary) > tokenBudget) return { messages: kept.flat(), sources: keptSources };
  return { messages: [...summary, ...kept.flat()], sources: [[], summarySources, ...keptSources] };
}

function turnMessages(turn: Turn): Message[] {
  return [
    { role: 'user', content: turn.question },
    { role: 'assistant', content: turn.answer },
  ];
}

/** The summary turn: excerpts of `excerpted` (oldest first) out of `total` earlier turns. */
function summaryTurn(excerpted: readonly Turn[], total: number): Message[] {
  const omitted = total - excerpted.length;
  const lines = excerpted.map((turn) => `- Asked: ${excerpt(turn.question)} → Answered: ${excerpt(turn.answer)}`);
  const heading =
    excerpted.length === 0
      ? `Summary of ${total} earlier turn(s) in this conversation: too long to repeat here.`
      : `Summary of ${total} earlier turn(s) in this conversation (oldest first, shortened${omitted > 0 ? `; the ${omitted} oldest not shown` : ''}):`;
  return [
    { role: 'user', content: summaryQuestion },
    { role: 'assistant', content: [heading, ...lines].join('\n') },
  ];
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= summaryExcerptCharacters ? flat : `${flat.slice(0, summaryExcerptCharacters - 1)}…`;
}
