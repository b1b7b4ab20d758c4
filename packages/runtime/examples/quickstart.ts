/**
 * Quickstart: an agent with one custom tool, an injected model gateway, an approval pause and a
 * resume from the serialized checkpoint. Runs offline:
 *   cd /work/main && npx tsx packages/runtime/examples/quickstart.ts
 */
import { z } from 'zod';
import { createEngine, defineTool, type CreateEngineOptions, type Message, type ModelGateway, type ModelRequest, type ModelResponse } from '@agentloom/runtime';
import { InMemoryCheckpointStore, InMemoryEventSink } from '@agentloom/runtime/testing';

/** A tiny deterministic gateway: asks for the weather tool once, then answers from its result. */
class WeatherDemoGateway implements ModelGateway {
  readonly moduleId = 'weather-demo-gateway/v1';

  invoke(request: ModelRequest): Promise<ModelResponse> {
    const usage = { inputTokens: 20, outputTokens: 10 };
    if (request.purpose === 'verification') return Promise.resolve({ text: '{"decision":"complete","reason":"answer cites the tool"}', toolCalls: [], usage, model: 'demo', finishReason: 'stop' });
    const toolResult = request.messages.findLast((message) => message.role === 'tool');
    if (!toolResult) {
      return Promise.resolve({ text: '', toolCalls: [{ id: 'weather-1', name: 'get_weather', argumentsJson: '{"city":"Lisbon"}' }], usage, model: 'demo', finishReason: 'tool-calls' });
    }
    return Promise.resolve({ text: `Lisbon today: ${toolResult.content}.`, toolCalls: [], usage, model: 'demo', finishReason: 'stop' });
  }
}

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  implementationId: 'quickstart-tools/v1/get_weather',
  inputSchema: z.object({ city: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: `sunny, 24°C in ${args.city}` }),
});

// The same options on both engines: resume refuses if modules or tools differ from the checkpoint.
const engineOptions: CreateEngineOptions = {
  model: new WeatherDemoGateway(),
  approvals: { get_weather: 'always' },
  configureTools: (registry) => registry.register(getWeather),
};
const snapshot = { config: { instructions: 'You answer weather questions using tools.', mode: 'react' as const } };

const checkpoints = new InMemoryCheckpointStore();
const events = new InMemoryEventSink();

// 1. Run until the tool call needs approval.
const engine = createEngine(snapshot, engineOptions);
const paused = await engine.execute({ task: 'What is the weather in Lisbon?', instanceId: 'quickstart-run' }, { checkpointStore: checkpoints, eventSink: events });
await engine.close();
if (paused.next.type !== 'approval-request') throw new Error(`expected an approval request, got ${paused.next.type}`);
console.log(`paused for approval of ${paused.next.requests.map((request) => request.toolName).join(', ')}`);

// 2. Later (another process, after a restart): load the checkpoint and transcript, approve, resume.
const stored = await checkpoints.latest('quickstart-run');
const transcript = JSON.parse(JSON.stringify(paused.transcript)) as Message[];
const resumedEngine = createEngine(snapshot, engineOptions);
const finished = await resumedEngine
  .resume({ checkpoint: stored, messages: transcript, decisions: [{ callId: 'weather-1', decision: 'approve' }] })
  .runUntilPause({ checkpointStore: checkpoints, eventSink: events });
await resumedEngine.close();

if (finished.next.type !== 'final-output') throw new Error(`run did not finish: ${JSON.stringify(finished.next)}`);
console.log(finished.next.output);
console.log(`events: ${(await events.read('quickstart-run')).map((event) => event.type).join(' → ')}`);
