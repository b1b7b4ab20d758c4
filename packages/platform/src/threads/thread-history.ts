import type { PrismaClient } from '@agentloom/db';
import { estimateTokens, type Message } from '@agentloom/runtime';

/** Tokens of earlier turns a new run on a thread starts with; the oldest beyond it are summarized. */
export const defaultThreadHistoryTokens = 4_000;

/** Each summarized turn keeps this much of the question and of the answer. */
const summaryExcerptCharacters = 160;

interface Turn {
  question: string;
  answer: string;
}

/**
 * The window of a thread's earlier turns a new run is seeded with: each earlier finished run's
 * task and final answer, newest kept whole until the token budget is spent, older ones folded into
 * one extractive summary turn (deterministic, no model call — the run has not started yet, and
 * the excerpt keeps the words a later memory search would need).
 */
export async function loadThreadHistory(prisma: PrismaClient, options: { threadId: string; runId: string; tokenBudget?: number }): Promise<Message[]> {
  const current = await prisma.run.findUniqueOrThrow({ where: { id: options.runId }, select: { createdAt: true } });
  const runs = await prisma.run.findMany({
    where: { threadId: options.threadId, id: { not: options.runId }, createdAt: { lte: current.createdAt }, status: { in: ['succeeded', 'failed'] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { input: true, output: true, status: true, errorMessage: true },
  });
  const turns = runs.map((run): Turn => ({
    question: (run.input as { text?: string } | null)?.text ?? '',
    answer: run.status === 'succeeded' ? ((run.output as { text?: string } | null)?.text ?? '') : `(This run failed: ${run.errorMessage ?? 'unknown error'})`,
  }));
  return windowOf(turns, options.tokenBudget ?? defaultThreadHistoryTokens);
}

/** Newest turns whole within the budget, the rest as one summary turn in front. Exported for tests. */
export function windowOf(turns: readonly Turn[], tokenBudget: number): Message[] {
  const kept: Message[][] = [];
  let spent = 0;
  let firstKept = turns.length;
  for (let position = turns.length - 1; position >= 0; position -= 1) {
    const turn = turns[position]!;
    const messages: Message[] = [
      { role: 'user', content: turn.question },
      { role: 'assistant', content: turn.answer },
    ];
    const cost = estimateTokens(messages);
    if (spent + cost > tokenBudget) break;
    spent += cost;
    kept.unshift(messages);
    firstKept = position;
  }
  const older = turns.slice(0, firstKept);
  // A question/answer pair, so history is always whole turns (models and the demo script expect that).
  const summary: Message[] =
    older.length === 0
      ? []
      : [
          { role: 'user', content: 'What happened earlier in this conversation?' },
          { role: 'assistant', content: summaryOf(older) },
        ];
  return [...summary, ...kept.flat()];
}

function summaryOf(turns: readonly Turn[]): string {
  const lines = turns.map((turn) => `- Asked: ${excerpt(turn.question)} → Answered: ${excerpt(turn.answer)}`);
  return `Summary of ${turns.length} earlier turn(s) in this conversation (oldest first, shortened):\n${lines.join('\n')}`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= summaryExcerptCharacters ? flat : `${flat.slice(0, summaryExcerptCharacters - 1)}…`;
}
