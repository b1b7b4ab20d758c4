import { z } from 'zod';
import { createEngine, defineTool, EvidenceCompletionPolicy, type Engine, type ModelGateway, type ModelRequest, type ModelResponse } from '@agentloom/runtime';
import { lookup, scriptedTurn, type Scenario } from './scenarios';
import type { StepClock } from './step-clock';

/** A stateless scripted gateway: decides from the number of assistant turns it was shown (no recording overhead). */
export class BenchGateway implements ModelGateway {
  readonly moduleId = 'bench-gateway/v1';
  private callCounter = 0;

  /** `clock`, when given, gets the time of every model call (per-step figures, step-clock.ts). */
  constructor(
    private readonly scenario: Scenario,
    private readonly clock?: StepClock,
  ) {}

  invoke(request: ModelRequest): Promise<ModelResponse> {
    this.clock?.tick();
    let assistantTurns = 0;
    for (const message of request.messages) if (message.role === 'assistant') assistantTurns += 1;
    const turn = scriptedTurn(this.scenario, assistantTurns);
    const usage = { inputTokens: 10, outputTokens: 5 };
    if ('answer' in turn) return Promise.resolve({ text: turn.answer, toolCalls: [], usage, model: 'bench', finishReason: 'stop' });
    this.callCounter += 1;
    return Promise.resolve({ text: '', toolCalls: [{ id: `call-${this.callCounter}`, name: 'lookup', argumentsJson: JSON.stringify({ word: turn.toolWord }) }], usage, model: 'bench', finishReason: 'tool-calls' });
  }
}

const lookupTool = defineTool({
  name: 'lookup',
  description: 'Look up a word',
  implementationId: 'bench-tools/v1/lookup',
  inputSchema: z.object({ word: z.string() }),
  sideEffects: 'none',
  execute: (args) => Promise.resolve({ content: lookup(args.word) }),
});

/** One engine per scenario, reused across runs like a compiled graph. Verification is off: the LangGraph agent has none. */
export function agentLoomRunner(scenario: Scenario, clock?: StepClock): { run: () => Promise<string>; engine: Engine } {
  const engine = createEngine(
    { config: { instructions: 'You look up words.', mode: 'react', limits: { maxModelCalls: 5000, maxIterations: 5000 } } },
    { model: new BenchGateway(scenario, clock), completion: new EvidenceCompletionPolicy({ verify: false }), configureTools: (registry) => registry.register(lookupTool) },
  );
  return {
    engine,
    run: async () => {
      const outcome = await engine.execute('Look up the words.');
      if (outcome.next.type !== 'final-output') throw new Error(`AgentLoom run ended with ${JSON.stringify(outcome.next)}`);
      return outcome.next.output;
    },
  };
}
