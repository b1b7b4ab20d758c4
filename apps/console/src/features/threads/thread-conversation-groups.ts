import type { RunView, ThreadMessageView } from '@agentloom/platform';

/** One run's stretch of the conversation, drawn under a boundary naming the run. */
export interface RunGroup {
  runId: string;
  run: RunView | undefined;
  messages: ThreadMessageView[];
}

/**
 * Consecutive messages of one run become a group (the service orders by run, then index). When
 * the whole conversation is loaded, runs without a message yet (queued, just started) follow as
 * empty groups, oldest first, so a run started from the composer shows up at once.
 */
export function groupByRun(messages: readonly ThreadMessageView[], runsById: ReadonlyMap<string, RunView>, complete: boolean): RunGroup[] {
  const groups: RunGroup[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    if (last && last.runId === message.runId) last.messages.push(message);
    else groups.push({ runId: message.runId, run: runsById.get(message.runId), messages: [message] });
  }
  if (!complete) return groups;
  const seen = new Set(groups.map((group) => group.runId));
  const waiting = [...runsById.values()]
    .filter((run) => !seen.has(run.id))
    .sort((left, right) => left.queuedAt.localeCompare(right.queuedAt) || left.id.localeCompare(right.id));
  return [...groups, ...waiting.map((run) => ({ runId: run.id, run, messages: [] }))];
}
