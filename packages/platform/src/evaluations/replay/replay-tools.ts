import type { AnyTool, ToolResult } from '@agentloom/runtime';

import type { RecordedToolResult } from '../case-fixture';
import { toolCallKey } from '../canonical-arguments';
import type { UnmatchedToolPolicy } from '../evaluation.schema';

/** Marks a replayed call's result (`data.replay`), so scoring can tell recorded, live and refused calls apart. */
export type ReplaySource = 'recorded' | 'live' | 'unmatched';

/**
 * Recorded results by tool name + canonical arguments, each key's results served in call order.
 * `consumed` counts what earlier attempts of the same replay run already used (read from its
 * ledger), so a resumed replay serves the next recording instead of the first again.
 */
export class RecordedToolResults {
  private readonly queues = new Map<string, RecordedToolResult[]>();

  constructor(recorded: readonly RecordedToolResult[], consumed: ReadonlyMap<string, number> = new Map()) {
    for (const result of recorded) {
      const key = toolCallKey(result.name, result.arguments);
      const queue = this.queues.get(key) ?? [];
      queue.push(result);
      this.queues.set(key, queue);
    }
    for (const [key, count] of consumed) this.queues.get(key)?.splice(0, count);
  }

  /** The next recorded result for this call, removed from its queue; undefined when none is left. */
  take(name: string, args: unknown): RecordedToolResult | undefined {
    return this.queues.get(toolCallKey(name, args))?.shift();
  }
}

/**
 * The replay tool backend: each of the version's tools keeps its name, schema, side effects and
 * implementation id (so approvals, hooks and the ledger treat the call exactly as a live one), but
 * its handler serves the recorded result of a matching call. A call with no recorded match follows
 * the dataset's policy: `fail` refuses it; `live-if-no-side-effects` runs the real tool only when
 * it declares `sideEffects: 'none'`. An `unsafe` tool is never executed by a replay.
 */
export function replayTools(
  tools: readonly AnyTool[],
  recorded: RecordedToolResults,
  policy: UnmatchedToolPolicy,
  /** Checked before a real handler runs when no ledger hook does it (a recorded replay, ADR 0059): cancel wins. */
  beforeLiveCall: () => Promise<void> = () => Promise.resolve(),
): AnyTool[] {
  return tools.map((tool): AnyTool => ({
    ...tool,
    execute: async (args: unknown, context): Promise<ToolResult> => {
      const match = recorded.take(tool.name, args);
      if (match) return { content: match.content, ...(match.isError ? { isError: true } : {}), data: { replay: 'recorded' satisfies ReplaySource } };
      if (policy === 'live-if-no-side-effects' && tool.sideEffects === 'none') {
        await beforeLiveCall();
        const live = await tool.execute(args, context);
        return { ...live, data: { replay: 'live' satisfies ReplaySource, result: live.data ?? null } };
      }
      const why =
        policy === 'fail'
          ? 'the dataset fails a case on an unmatched call'
          : `the tool's side effects are "${tool.sideEffects}" and a replay only calls tools without side effects`;
      return {
        content: `Replay: no recorded result for ${tool.name} with these arguments; not executed (${why}).`,
        isError: true,
        data: { replay: 'unmatched' satisfies ReplaySource, sideEffects: tool.sideEffects },
      };
    },
  }));
}
