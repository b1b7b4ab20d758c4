import type { Message, ToolMessage } from '@agentloom/runtime';
import { BenchGateway } from './agentloom-runner';
import { lookup, type Scenario } from './scenarios';
import type { StepClock } from './step-clock';

/** The floor: call the scripted gateway and the tool in a plain loop, no validation, events or checkpoints. */
export function bareLoopRunner(scenario: Scenario, clock?: StepClock): { run: () => Promise<string> } {
  const gateway = new BenchGateway(scenario, clock);
  return {
    run: async () => {
      const messages: Message[] = [
        { role: 'system', content: 'You look up words.' },
        { role: 'user', content: 'Look up the words.' },
      ];
      const signal = new AbortController().signal;
      for (let step = 1; ; step += 1) {
        const response = await gateway.invoke({ messages, tools: [], purpose: 'action', instance: { instanceId: 'bare', step }, options: {}, signal });
        if (response.toolCalls.length === 0) return response.text;
        const calls = response.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: JSON.parse(call.argumentsJson) as { word: string } }));
        messages.push({ role: 'assistant', content: response.text, toolCalls: calls });
        for (const call of calls) messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content: lookup(call.arguments.word) } satisfies ToolMessage);
      }
    },
  };
}
