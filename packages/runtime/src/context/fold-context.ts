import type { CompactionResult, ContextInput } from '../contracts/compaction-policy';
import type { ModelCall } from '../contracts/model-call';
import type { IndexedMessage } from './compaction-cutoff';
import { summarizeMessages } from './summarize';
import { summaryMessage } from './summary-message';
import { estimateTokens } from './token-estimate';

/** Summarizes everything before `cutoffIndex` and reports token counts before and after. Shared by both policies. */
export async function foldContext(input: ContextInput, candidates: readonly IndexedMessage[], cutoffIndex: number, modelCall: ModelCall): Promise<CompactionResult> {
  const removed = candidates.filter((entry) => entry.index < cutoffIndex).map((entry) => entry.message);
  const kept = candidates.filter((entry) => entry.index >= cutoffIndex).map((entry) => entry.message);
  const summary = await summarizeMessages(input.summary, removed, input.task, modelCall);
  const pinned = input.messages.filter((_, position) => (input.messageIndexes[position] ?? -1) >= 0 && (input.messageIndexes[position] ?? -1) < 2);
  return {
    cutoffIndex,
    summary,
    tokensBefore: estimateTokens(input.messages),
    tokensAfter: estimateTokens([...pinned, summaryMessage(summary), ...kept]),
  };
}
