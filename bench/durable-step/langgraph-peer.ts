import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

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
async function turnTimes(toolTurns: number, checkpointer: PostgresSaver | undefined): Promise<number[]> {
  const agent = createReactAgent({ llm: new CitationChatModel(toolTurns), tools: [recordCitation], ...(checkpointer ? { checkpointer } : {}) });
  const config = { recursionLimit: 2 * toolTurns + 10, streamMode: 'updates' as const, configurable: { thread_id: `bench-${toolTurns}-${Date.now()}` } };
  const times: number[] = [];
  let last = performance.now();
  for await (const update of await agent.stream({ messages: [{ role: 'user', content: 'Cite many sources.' }] }, config)) {
    if (!('tools' in update)) continue;
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  return times;
}

export interface LangGraphSamples {
  /** Per tool turn, ms with PostgresSaver on the database. */
  durable: number[];
  /** Per tool turn, ms of the same graph with no checkpointer. */
  inMemory: number[];
}

/** createReactAgent with @langchain/langgraph-checkpoint-postgres's PostgresSaver on `url`, and without. */
export async function measureLangGraph(url: string, toolTurns: number): Promise<LangGraphSamples> {
  const checkpointer = PostgresSaver.fromConnString(url);
  await checkpointer.setup();
  try {
    const durable = await turnTimes(toolTurns, checkpointer);
    const inMemory = await turnTimes(toolTurns, undefined);
    return { durable, inMemory };
  } finally {
    await checkpointer.end();
  }
}
