import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine';
import { reactSnapshot } from '../engine/test-support/lookup-tool';
import { InMemoryMemoryPort } from '../stores/in-memory-memory-port';
import { ScriptedModel } from '../testing/scripted-model';

describe('memoryInjection in the agent config', () => {
  it('injects memories through a default KeywordRouter when memory is bound', async () => {
    const memory = new InMemoryMemoryPort();
    const scope = { tenantId: 't1', agentId: 'a1' };
    const { id } = await memory.store({ scope, kind: 'fact', content: 'The approved plan is plan X' });
    const model = new ScriptedModel(['Plan X.']);
    const engine = createEngine(
      { config: { ...reactSnapshot.config, memoryInjection: { maxMemories: 2, minScore: 0.2 } } },
      { model, memory: { port: memory, scope } },
    );
    const step = await engine.start({ task: 'Which plan was approved?' }).step();
    expect(model.actionRequests[0]!.messages.some((message) => message.content.includes('The approved plan is plan X'))).toBe(true);
    expect(step.events.filter((event) => event.type === 'memory-injected').map((event) => event.data['memoryId'])).toEqual([id]);
    await engine.close();
  });

  it('adds no router without the setting', async () => {
    const engine = createEngine(reactSnapshot, { model: new ScriptedModel(['ok']), memory: { port: new InMemoryMemoryPort(), scope: { tenantId: 't1' } } });
    expect(engine.services.modules.router).toBeUndefined();
    await engine.close();
  });
});
