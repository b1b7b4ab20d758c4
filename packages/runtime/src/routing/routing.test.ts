import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Router } from '../contracts/router';
import { createEngine } from '../engine/create-engine';
import { lookupTool, reactSnapshot } from '../engine/test-support/lookup-tool';
import { InMemoryMemoryPort } from '../stores/in-memory-memory-port';
import { ScriptedModel } from '../testing/scripted-model';
import { FolderSkillSource, parseSkillManifest } from './folder-skill-source';
import { KeywordRouter } from './keyword-router';

async function skillsFolder(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'skills-'));
  await mkdir(join(root, 'weaving', 'patterns'), { recursive: true });
  await writeFile(join(root, 'weaving', 'SKILL.md'), '---\nname: weaving\ndescription: Weaving cloth on a loom\n---\nAlways count the warp threads first.\n');
  await writeFile(join(root, 'weaving', 'patterns', 'twill.txt'), 'twill');
  await mkdir(join(root, 'not-a-skill'));
  return root;
}

describe('skills and routing', () => {
  it('loads skill folders with front-matter and files', async () => {
    const skills = await new FolderSkillSource(await skillsFolder()).list();
    expect(skills).toMatchObject([{ name: 'weaving', description: 'Weaving cloth on a loom', instructions: 'Always count the warp threads first.', files: ['patterns/twill.txt'] }]);
    expect(() => parseSkillManifest('no front matter', 'x')).toThrow(/front-matter/);
  });

  it('routes before the first model call: injects memory, loads a skill, records decisions on events and the checkpoint', async () => {
    const memory = new InMemoryMemoryPort();
    const scope = { tenantId: 't1', agentId: 'a1' };
    const { id } = await memory.store({ scope, kind: 'fact', content: 'The loom in room 4 uses a twill weaving pattern' });
    const model = new ScriptedModel(['Use twill.']);
    const engine = createEngine(
      { config: { ...reactSnapshot.config, memory: scope, skills: { directory: await skillsFolder() } } },
      { model, router: new KeywordRouter(), memory: { port: memory } },
    );
    const run = engine.start({ task: 'Which weaving pattern does the loom in room 4 use?' });
    const step = await run.step();
    const sent = model.actionRequests[0]!.messages;
    expect(sent[2]?.content).toBe('Relevant memories:\n- The loom in room 4 uses a twill weaving pattern');
    expect(sent[3]?.content).toContain('Always count the warp threads first.');
    const routed = step.events.filter((event) => event.type === 'routing-decided').map((event) => event.data['decision']);
    expect(routed).toEqual(['inject_memory', 'load_skill']);
    expect(step.events.find((event) => event.type === 'memory-injected')?.data).toMatchObject({ memoryId: id });
    const anyText: unknown = expect.any(String);
    expect(step.checkpoint.routing).toEqual([
      { decision: 'inject_memory', reason: anyText, payload: { memoryIds: [id] } },
      { decision: 'load_skill', reason: anyText, payload: { skillName: 'weaving' } },
    ]);
    expect(step.checkpoint.bindings.modules['router']?.moduleId).toBe('keyword-router/v1');
    expect(model.actionRequests[0]?.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['memory_search', 'memory_store', 'load_skill']));
  });

  it('a call_tool decision runs the tool through the normal path before the model call', async () => {
    const router: Router = { moduleId: 'fixed-router/v1', route: () => Promise.resolve([{ decision: 'call_tool', toolName: 'lookup', arguments: { word: 'warp' }, reason: 'always look up' }]) };
    const model = new ScriptedModel(['ok']);
    const engine = createEngine(reactSnapshot, { model, router, configureTools: (registry) => registry.register(lookupTool()) });
    const outcome = await engine.execute('Tell me about warp');
    expect(outcome.next.type).toBe('final-output');
    const sent = model.actionRequests[0]!.messages;
    expect(sent[2]).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'lookup', arguments: { word: 'warp' } }] });
    expect(sent[3]).toMatchObject({ role: 'tool', content: 'definition of warp' });
  });

  it('routes only once, even across resume', async () => {
    let routed = 0;
    const router: Router = {
      moduleId: 'counting-router/v1',
      route: () => {
        routed += 1;
        return Promise.resolve([{ decision: 'noop', reason: 'nothing' }]);
      },
    };
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'a' } }] }, 'done']);
    const options = { model, router, configureTools: (registry: { register: (tool: ReturnType<typeof lookupTool>) => void }) => registry.register(lookupTool()) };
    const run = createEngine(reactSnapshot, options).start({ task: 't' });
    const first = await run.step();
    await createEngine(reactSnapshot, options).resume({ checkpoint: first.checkpoint, messages: run.transcript() }).runUntilPause();
    expect(routed).toBe(1);
  });
});
