import { randomUUID } from 'node:crypto';

import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import pg from 'pg';
import { z } from 'zod';

import type { RunPlan } from './measure-run';

/** The same scripted loop as measure-run's agent: one `record_citation` call per turn, then an answer. */
class CitationChatModel extends BaseChatModel {
  constructor(private readonly toolTurns: number) {
    super({});
  }

  _llmType(): string {
    return 'bench-citation-model';
  }

  // createReactAgent binds tools; the script already knows which tool to call.
  override bindTools(): this {
    return this;
  }

  _generate(messages: BaseMessage[]): Promise<ChatResult> {
    let turn = 0;
    for (const message of messages) if (message.getType() === 'ai') turn += 1;
    const message =
      turn >= this.toolTurns
        ? new AIMessage({ content: 'Done.' })
        : new AIMessage({ content: `Source ${turn}.`, tool_calls: [{ id: `call-${turn}`, name: 'record_citation', args: { source: `https://example.org/source/${turn}` }, type: 'tool_call' }] });
    return Promise.resolve({ generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] });
  }
}

const recordCitation = tool(({ source }: { source: string }) => Promise.resolve(`Recorded ${source}.`), {
  name: 'record_citation',
  description: 'Record a citation',
  schema: z.object({ source: z.string() }),
});

/**
 * Runs the loop once through createReactAgent and returns, per tool turn (model call + tool call,
 * what one AgentLoom step is), the milliseconds it took — measured between consecutive `tools`
 * node updates of the stream. With a checkpointer every super-step (agent, tools) is a durable
 * checkpoint write before the next one starts.
 */
async function turnTimes(toolTurns: number, checkpointer: PostgresSaver, saverTime: { ms: number }): Promise<LangGraphTurns> {
  const agent = createReactAgent({ llm: new CitationChatModel(toolTurns), tools: [recordCitation], checkpointer });
  // durability 'sync': each super-step's checkpoint is written before the next step starts, as
  // AgentLoom commits a step before the next one (LangGraph's default, 'async', overlaps the write with the next step).
  const config = { recursionLimit: 2 * toolTurns + 10, streamMode: 'updates' as const, durability: 'sync' as const, configurable: { thread_id: `bench-${toolTurns}-${randomUUID()}` } };
  const turns: number[] = [];
  const saver: number[] = [];
  let last = performance.now();
  saverTime.ms = 0;
  for await (const update of await agent.stream({ messages: [{ role: 'user', content: 'Cite many sources.' }] }, config)) {
    if (!('tools' in update)) continue;
    const now = performance.now();
    turns.push(now - last);
    saver.push(saverTime.ms);
    saverTime.ms = 0;
    last = now;
  }
  return { turns, saver };
}

/**
 * Adds the wall time during which at least one of the saver's reads or writes was in flight to
 * `total.ms` (the durable part of a turn). LangGraph may overlap `put` and `putWrites`, so the
 * calls' durations are not summed: overlapping calls count once.
 */
function timeSaver(checkpointer: PostgresSaver, total: { ms: number }): void {
  let inFlight = 0;
  let busySince = 0;
  for (const name of ['put', 'putWrites', 'getTuple'] as const) {
    const original = checkpointer[name].bind(checkpointer) as (...args: unknown[]) => Promise<unknown>;
    (checkpointer as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      if (inFlight === 0) busySince = performance.now();
      inFlight += 1;
      try {
        return await original(...args);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) total.ms += performance.now() - busySince;
      }
    };
  }
}

export interface LangGraphTurns {
  /** Per tool turn, ms of the whole turn with PostgresSaver on the database. */
  turns: number[];
  /** Per tool turn, wall ms while PostgresSaver was reading or writing (put, putWrites, getTuple). */
  saver: number[];
}

export interface LangGraphSamples extends LangGraphTurns {
  /** The short runs' turns, one entry per run. */
  shortRuns: LangGraphTurns[];
}

/**
 * createReactAgent with @langchain/langgraph-checkpoint-postgres's PostgresSaver on `url`, durability `sync`,
 * with AgentLoom's plan (measure-run.ts): a warm-up run on the same pool, the short runs, then the long run.
 */
export async function measureLangGraph(url: string, plan: RunPlan): Promise<LangGraphSamples> {
  const pool = new pg.Pool({ connectionString: url });
  // The bench drops its database at the end, which terminates idle connections.
  pool.on('error', () => undefined);
  // Its own schema: PostgresSaver's `checkpoints` table would collide with AgentLoom's in `public`.
  const checkpointer = new PostgresSaver(pool, undefined, { schema: 'langgraph' });
  await checkpointer.setup();
  const saverTime = { ms: 0 };
  timeSaver(checkpointer, saverTime);
  try {
    if (plan.warmUpTurns > 0) await turnTimes(plan.warmUpTurns, checkpointer, saverTime);
    const shortRuns: LangGraphTurns[] = [];
    for (let index = 0; index < plan.shortRuns; index += 1) shortRuns.push(await turnTimes(plan.shortRunTurns, checkpointer, saverTime));
    return { ...(await turnTimes(plan.toolTurns, checkpointer, saverTime)), shortRuns };
  } finally {
    await checkpointer.end();
  }
}
