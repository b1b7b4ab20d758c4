import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../contracts/model-gateway';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';

const withResearcher = {
  config: {
    mode: 'react' as const,
    completion: { verify: false, requireToolEvidence: false },
    subAgents: [{ name: 'researcher', description: 'Finds facts', instructions: 'You research.' }],
  },
};

/** Parent turns delegate; the child (recognised by its system prompt) answers directly. */
function delegatingModel(delegations: number) {
  let parentTurn = 0;
  return new ScriptedModel([], {
    whenExhausted: (request: ModelRequest) => {
      if (request.messages[0]?.content.startsWith('You research.')) return `child answer for ${request.messages[1]?.content}`;
      parentTurn += 1;
      if (parentTurn > delegations) return 'All delegated.';
      return { toolCalls: [{ id: `d${parentTurn}`, name: 'delegate', arguments: { agent: 'researcher', task: `topic ${parentTurn}` } }] };
    },
  });
}

describe('delegation', () => {
  it('runs a bound sub-agent and returns its answer as the tool result', async () => {
    const model = delegatingModel(1);
    const outcome = await createEngine(withResearcher, { model }).execute('Research looms');
    expect(outcome.next).toEqual({ type: 'final-output', output: 'All delegated.' });
    const parentAfter = model.actionRequests.find((request) => request.messages.some((message) => message.role === 'tool'));
    expect(parentAfter?.messages.at(-1)).toMatchObject({ role: 'tool', toolName: 'delegate', content: 'child answer for topic 1' });
    const childRequest = model.actionRequests.find((request) => request.messages[0]?.content.startsWith('You research.'));
    // No recursion: the child is never offered the delegate tool.
    expect(childRequest?.tools.map((tool) => tool.name)).not.toContain('delegate');
    expect(childRequest?.instance.instanceId).toMatch(/\/child-1$/);
  });

  it('allows at most 8 delegations per run', async () => {
    const model = delegatingModel(9);
    const outcome = await createEngine(withResearcher, { model, limits: { maxIterations: 20 } }).execute('Research a lot');
    expect(outcome.next.type).toBe('final-output');
    const toolResults = outcome.transcript.filter((message) => message.role === 'tool');
    expect(toolResults).toHaveLength(9);
    expect(toolResults.slice(0, 8).every((message) => message.role === 'tool' && !message.isError)).toBe(true);
    expect(toolResults[8]).toMatchObject({ isError: true });
    expect(toolResults[8]?.content).toContain('maxDelegations');
    expect(outcome.checkpoint.counters.delegations).toBe(8);
  });

  // Sequencing of parallel delegations is proven in delegation-guards.test.ts, with a tool that holds
  // a slot across event-loop turns (a counter inside one synchronous callback cannot tell).
});
