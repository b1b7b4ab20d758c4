import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine/create-engine';
import { InMemoryMemoryPort } from '../../stores/in-memory-memory-port';
import { ScriptedModel } from '../../testing/scripted-model';

const snapshot = { config: { mode: 'react' as const, memory: { tenantId: 't1', agentId: 'a1' }, completion: { verify: false, requireToolEvidence: false } } };

describe('built-in tools', () => {
  it('stores and searches memory through the memory port, scoped to the agent', async () => {
    const port = new InMemoryMemoryPort();
    await port.store({ scope: { tenantId: 'other' }, kind: 'fact', content: 'standup is at nine' });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's', name: 'memory_store', arguments: { content: 'The standup is at ten', key: 'standup' } }] },
      { toolCalls: [{ id: 'q', name: 'memory_search', arguments: { query: 'when is standup' } }] },
      'Ten.',
    ]);
    const outcome = await createEngine(snapshot, { model, memory: { port } }).execute('When is standup?');
    expect(outcome.next.type).toBe('final-output');
    const searchResult = model.actionRequests[2]?.messages.at(-1)?.content ?? '';
    expect(searchResult).toContain('The standup is at ten');
    expect(searchResult).not.toContain('nine');
    expect(model.actionRequests[0]?.tools.find((tool) => tool.name === 'memory_store')?.inputSchema).toMatchObject({
      properties: { kind: { enum: ['fact', 'procedure'] } },
    });
  });

  it('memory_search shows ids, keys, dates and scores; memory_store reports the nearest keyed memories', async () => {
    const port = new InMemoryMemoryPort(() => new Date('2026-05-04T09:00:00Z'));
    const { id: existing } = await port.store({
      scope: { tenantId: 't1', agentId: 'a1' },
      kind: 'fact',
      key: 'team.standup_time',
      content: 'The team standup is at nine',
    });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's', name: 'memory_store', arguments: { content: 'The team standup moved to ten' } }] },
      { toolCalls: [{ id: 'q', name: 'memory_search', arguments: { query: 'team standup' } }] },
      'Ten.',
    ]);
    await createEngine(snapshot, { model, memory: { port } }).execute('When is standup?');
    const storeResult = model.actionRequests[1]?.messages.at(-1)?.content ?? '';
    expect(storeResult).toContain('Nearest existing keyed memories');
    expect(storeResult).toContain(`[${existing}] key=team.standup_time occurred=2026-05-04 score=`);
    const searchResult = model.actionRequests[2]?.messages.at(-1)?.content ?? '';
    expect(searchResult).toMatch(new RegExp(`\\[${existing}\\] key=team\\.standup_time occurred=2026-05-04 score=\\d\\.\\d\\d: The team standup is at nine`));
  });

  it('loads a skill by name from the configured folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'skills-'));
    await mkdir(join(root, 'haiku'));
    await writeFile(join(root, 'haiku', 'SKILL.md'), '---\nname: haiku\ndescription: Write haiku\n---\nFive, seven, five syllables.');
    const model = new ScriptedModel([{ toolCalls: [{ id: 'k', name: 'load_skill', arguments: { name: 'haiku' } }] }, 'An old silent pond']);
    const run = createEngine({ config: { ...snapshot.config, skills: { directory: root } } }, { model }).start({ task: 'Write a haiku' });
    const step = await run.step();
    expect(step.toolCalls[0]?.result?.content).toBe('# Skill: haiku\nFive, seven, five syllables.');
    expect(step.events.find((event) => event.type === 'tool-observation-emitted')?.data).toMatchObject({ kind: 'skill-loaded', data: { name: 'haiku' } });
  });

  it('registers built-ins under builtin-tools/v1 and only those enabled in the config', () => {
    const engine = createEngine({ config: { mode: 'plan', builtinTools: ['plan_update'] } }, { model: new ScriptedModel([]) });
    expect(engine.services.bindings.tools.map((tool) => [tool.name, tool.implementationId])).toEqual([['plan_update', 'builtin-tools/v1/plan_update']]);
    expect(engine.services.registry.frozen).toBe(true);
  });
});
