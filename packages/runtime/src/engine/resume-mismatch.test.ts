import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CharacterCompactionPolicy } from '../context/character-compaction-policy';
import { ResumeMismatchError } from '../errors';
import { ScriptedModel } from '../testing/scripted-model';
import type { CreateEngineOptions } from './assembly/engine-options';
import { createEngine } from './create-engine';
import { lookupTool, reactSnapshot } from './test-support/lookup-tool';

async function checkpointWith(options: CreateEngineOptions) {
  const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'lookup', arguments: { word: 'a' } }] }]);
  const run = createEngine(reactSnapshot, { model, ...options }).start({ task: 'x' });
  const step = await run.step();
  return { checkpoint: JSON.stringify(step.checkpoint), messages: [...run.transcript()] };
}

function resumeError(options: CreateEngineOptions, saved: { checkpoint: string; messages: never[] | unknown[] }): ResumeMismatchError {
  try {
    createEngine(reactSnapshot, { model: new ScriptedModel([]), ...options }).resume(saved as never);
  } catch (error) {
    if (error instanceof ResumeMismatchError) return error;
    throw error;
  }
  throw new Error('resume did not fail');
}

describe('resume binding checks', () => {
  const tools = { configureTools: (registry: { register: (tool: ReturnType<typeof lookupTool>) => void }) => registry.register(lookupTool()) };

  it('resumes with identical bindings', async () => {
    const saved = await checkpointWith(tools);
    const run = createEngine(reactSnapshot, { model: new ScriptedModel(['ok']), ...tools }).resume(saved);
    expect((await run.runUntilPause()).next).toEqual({ type: 'final-output', output: 'ok' });
  });

  it('names a changed module id', async () => {
    const saved = await checkpointWith(tools);
    const error = resumeError({ ...tools, compaction: new CharacterCompactionPolicy() }, saved);
    expect(error.kind).toBe('resume-mismatch');
    expect(error.mismatches).toEqual([{ path: 'modules.compaction.moduleId', recorded: 'budget-compaction/v1', current: 'character-compaction/v1' }]);
    expect(error.message).toContain('modules.compaction.moduleId');
  });

  it('names a changed module configuration', async () => {
    const saved = await checkpointWith({ ...tools, compaction: new CharacterCompactionPolicy({ triggerChars: 1000 }) });
    const error = resumeError({ ...tools, compaction: new CharacterCompactionPolicy({ triggerChars: 2000 }) }, saved);
    expect(error.mismatches.map((mismatch) => mismatch.path)).toEqual(['modules.compaction.config']);
  });

  it('names a changed tool implementationId', async () => {
    const saved = await checkpointWith(tools);
    const error = resumeError({ configureTools: (registry) => registry.register(lookupTool({ implementationId: 'test-tools/v2/lookup' })) }, saved);
    expect(error.mismatches).toEqual([{ path: 'tools.lookup.implementationId', recorded: 'test-tools/v1/lookup', current: 'test-tools/v2/lookup' }]);
  });

  it('names a changed tool schema', async () => {
    const saved = await checkpointWith(tools);
    const error = resumeError({ configureTools: (registry) => registry.register(lookupTool({ inputSchema: z.object({ word: z.string(), language: z.string() }) })) }, saved);
    expect(error.mismatches.map((mismatch) => mismatch.path)).toEqual(['tools.lookup.schemaHash']);
  });

  it('names every mismatch at once, including a removed tool and changed limits', async () => {
    const saved = await checkpointWith(tools);
    const error = resumeError({ limits: { maxModelCalls: 10 }, model: new ScriptedModel([], { moduleId: 'other-model/v2' }) }, saved);
    expect(error.mismatches.map((mismatch) => mismatch.path)).toEqual(['modules.model.moduleId', 'limits.maxModelCalls', 'tools.lookup']);
  });

  it('refuses a checkpoint of another format version', async () => {
    const saved = await checkpointWith(tools);
    const changed = { ...(JSON.parse(saved.checkpoint) as object), format: 99 };
    expect(() => createEngine(reactSnapshot, { model: new ScriptedModel([]), ...tools }).resume({ ...saved, checkpoint: changed })).toThrow(/Unsupported checkpoint format 99/);
  });

  it('resets budgets on resume', async () => {
    const model = new ScriptedModel([], { whenExhausted: (request) => ({ toolCalls: [{ id: `c${request.instance.step}-${Math.random()}`, name: 'lookup', arguments: { word: 'a' } }] }) });
    const limited = { ...tools, model, limits: { maxModelCalls: 2 } };
    const first = await createEngine(reactSnapshot, limited).execute('loop');
    expect(first.next).toMatchObject({ reason: 'model-call-limit' });
    const second = await createEngine(reactSnapshot, limited).resume({ checkpoint: first.checkpoint, messages: first.transcript }).runUntilPause();
    expect(second.next).toMatchObject({ reason: 'model-call-limit' });
    expect(model.requests).toHaveLength(4);
  });
});
