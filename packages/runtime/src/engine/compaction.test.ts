import { describe, expect, it } from 'vitest';
import { BudgetCompactionPolicy } from '../context/budget-compaction-policy';
import { CharacterCompactionPolicy } from '../context/character-compaction-policy';
import type { Message } from '../contracts/messages';
import { ScriptedModel } from '../testing/scripted-model';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

const bulky = lookupTool({
  execute(args: { word: string }) {
    return Promise.resolve({ content: `${args.word}: ${'x'.repeat(900)}` });
  },
});

/** Each turn calls the tool; after `turns` turns the model answers. */
function toolTurns(turns: number) {
  return new ScriptedModel([
    ...Array.from({ length: turns }, (_, turn) => ({ toolCalls: [{ id: `t${turn}`, name: 'lookup', arguments: { word: `w${turn}` } }] })),
    'Finished.',
  ]);
}

/** Every tool result in the view directly follows the assistant message that called it. */
function assertPairsIntact(messages: readonly Message[]): void {
  messages.forEach((message, position) => {
    if (message.role !== 'tool') return;
    let back = position - 1;
    while (messages[back]?.role === 'tool') back -= 1;
    const owner = messages[back];
    expect(owner?.role).toBe('assistant');
    expect(owner?.role === 'assistant' && owner.toolCalls?.some((call) => call.id === message.toolCallId)).toBe(true);
  });
  messages.forEach((message, position) => {
    if (message.role !== 'assistant') return;
    for (const call of message.toolCalls ?? []) {
      const answered = messages.slice(position + 1).some((later) => later.role === 'tool' && later.toolCallId === call.id);
      // The newest assistant call may still be waiting for its result only at the very end of the view.
      if (position !== messages.length - 1) expect(answered).toBe(true);
    }
  });
}

describe('compaction', () => {
  it('character policy compacts past the trigger, keeps the system message, task and tool pairs', async () => {
    const model = toolTurns(12);
    const compaction = new CharacterCompactionPolicy({ triggerChars: 5_000, keepRecentChars: 2_000 });
    const engine = createEngine(reactSnapshot, { model, compaction, configureTools: (registry) => registry.register(bulky) });
    const run = engine.start({ task: 'Collect twelve words' });
    const events = [];
    for (;;) {
      const step = await run.step();
      events.push(...step.events);
      if (step.next.type !== 'run-again') break;
    }
    const applied = events.filter((event) => event.type === 'compaction-applied');
    expect(applied.length).toBeGreaterThan(0);
    expect(Number(applied[0]?.data['tokensAfter'])).toBeLessThan(Number(applied[0]?.data['tokensBefore']));
    expect(model.requests.some((request) => request.purpose === 'compaction' && request.tools.length === 0)).toBe(true);
    for (const request of model.actionRequests) {
      expect(request.messages[0]?.role).toBe('system');
      expect(request.messages[1]).toEqual({ role: 'user', content: 'Collect twelve words' });
      assertPairsIntact(request.messages);
    }
    const last = model.actionRequests.at(-1)!;
    expect(last.messages[2]?.content).toContain('Summary of earlier work');
    expect(last.messages.reduce((sum, message) => sum + message.content.length, 0)).toBeLessThan(8_000);
  });

  it('budget policy compacts at 80% of the token budget', async () => {
    const model = toolTurns(10);
    const compaction = new BudgetCompactionPolicy({ contextTokens: 2_000 });
    const engine = createEngine(reactSnapshot, { model, compaction, configureTools: (registry) => registry.register(bulky) });
    const outcome = await engine.execute('Collect ten words');
    expect(outcome.next.type).toBe('final-output');
    const compactionCalls = model.requests.filter((request) => request.purpose === 'compaction');
    expect(compactionCalls.length).toBeGreaterThan(0);
    for (const request of model.actionRequests) assertPairsIntact(request.messages);
    expect(outcome.checkpoint.context['summary']).toBe('Scripted summary of earlier messages.');
  });

  it('budget policy compacts after N turns and the turn baseline survives resume', async () => {
    const model = toolTurns(6);
    const compaction = new BudgetCompactionPolicy({ maxTurns: 3, keepRecentTurns: 1 });
    const engine = createEngine(reactSnapshot, { model, compaction, configureTools: (registry) => registry.register(lookupTool()) });
    const run = engine.start({ task: 'Six lookups' });
    await run.step();
    const second = await run.step();
    expect(second.checkpoint.context['turnsSinceCompaction']).toBe(2);
    await engine.close();
    const resumedEngine = createEngine(reactSnapshot, { model, compaction, configureTools: (registry) => registry.register(lookupTool()) });
    const resumed = resumedEngine.resume({ checkpoint: JSON.stringify(second.checkpoint), messages: run.transcript() });
    const third = await resumed.step();
    // Two turns before the resume and one after reach maxTurns: resume kept the baseline instead of resetting it.
    expect(third.events.some((event) => event.type === 'compaction-applied')).toBe(false);
    const fourth = await resumed.step();
    expect(fourth.events.some((event) => event.type === 'compaction-applied')).toBe(true);
    expect(fourth.checkpoint.context['turnsSinceCompaction']).toBe(1);
  });
});
