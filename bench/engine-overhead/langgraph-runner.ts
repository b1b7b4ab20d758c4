import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';
import { lookup, scriptedTurn, type Scenario } from './scenarios';
import type { StepClock } from './step-clock';

/** The LangGraph counterpart of BenchGateway: same script, decided from the assistant turns in the input. */
class BenchChatModel extends BaseChatModel {
  private callCounter = 0;

  constructor(
    private readonly scenario: Scenario,
    private readonly clock?: StepClock,
  ) {
    super({});
  }

  _llmType(): string {
    return 'bench-chat-model';
  }

  // createReactAgent binds tools; the script already knows which tool to call.
  override bindTools(): this {
    return this;
  }

  _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.clock?.tick();
    let assistantTurns = 0;
    for (const message of messages) if (message.getType() === 'ai') assistantTurns += 1;
    const turn = scriptedTurn(this.scenario, assistantTurns);
    const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };
    const message =
      'answer' in turn
        ? new AIMessage({ content: turn.answer, usage_metadata: usage })
        : new AIMessage({ content: '', tool_calls: [{ id: `call-${(this.callCounter += 1)}`, name: 'lookup', args: { word: turn.toolWord }, type: 'tool_call' }], usage_metadata: usage });
    return Promise.resolve({ generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] });
  }
}

const lookupTool = tool(({ word }: { word: string }) => Promise.resolve(lookup(word)), {
  name: 'lookup',
  description: 'Look up a word',
  schema: z.object({ word: z.string() }),
});

/** createReactAgent from @langchain/langgraph/prebuilt, compiled once per scenario. */
export function langGraphRunner(scenario: Scenario, clock?: StepClock): { run: () => Promise<string> } {
  const agent = createReactAgent({ llm: new BenchChatModel(scenario, clock), tools: [lookupTool], prompt: 'You look up words.' });
  return {
    run: async () => {
      const state = await agent.invoke({ messages: [{ role: 'user', content: 'Look up the words.' }] }, { recursionLimit: 5000 });
      const last = state.messages.at(-1);
      return typeof last?.content === 'string' ? last.content : '';
    },
  };
}
