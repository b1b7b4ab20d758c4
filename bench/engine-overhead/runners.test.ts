import { describe, expect, it } from 'vitest';
import { agentLoomRunner } from './agentloom-runner';
import { bareLoopRunner } from './bare-loop';
import { langGraphRunner } from './langgraph-runner';
import { scenarios } from './scenarios';

describe('engine-overhead runners', () => {
  it.each(scenarios.slice(0, 3))('play the same script to the same answer: $name', async (scenario) => {
    const ours = agentLoomRunner(scenario);
    const expected = `Looked up ${scenario.toolTurns} words.`;
    expect(await ours.run()).toBe(expected);
    expect(await langGraphRunner(scenario).run()).toBe(expected);
    expect(await bareLoopRunner(scenario).run()).toBe(expected);
    await ours.engine.close();
  });
});
