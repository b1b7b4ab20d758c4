import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lookupTool } from '../engine/test-support/lookup-tool';
import { DefaultToolRegistry } from './tool-registry';

describe('DefaultToolRegistry', () => {
  it('converts zod schemas with z.toJSONSchema and validates arguments with readable errors', () => {
    const registry = new DefaultToolRegistry();
    registry.register(lookupTool());
    expect(registry.definitions()).toMatchObject([
      { name: 'lookup', description: 'Look up a word', inputSchema: { type: 'object', properties: { word: { type: 'string', minLength: 1 } }, required: ['word'] } },
    ]);
    expect(registry.validate('lookup', { word: 'a' })).toEqual({ ok: true, value: { word: 'a' } });
    const failure = registry.validate('lookup', { word: 1 });
    expect(failure.ok).toBe(false);
    expect(!failure.ok && failure.message).toContain('- word: Invalid input: expected string, received number');
  });

  it('validates plain JSON Schema tools too', () => {
    const registry = new DefaultToolRegistry();
    registry.register(lookupTool({ name: 'json_tool', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } }));
    expect(registry.validate('json_tool', { n: 2 }).ok).toBe(true);
    expect(registry.validate('json_tool', {}).ok).toBe(false);
  });

  it('stamps namespaced implementation ids and freezes after assembly', () => {
    const registry = new DefaultToolRegistry();
    registry.implementationNamespace('builtin-tools/v1').register({ ...lookupTool(), implementationId: undefined });
    expect(registry.resolve('lookup')?.implementationId).toBe('builtin-tools/v1/lookup');
    registry.freeze();
    expect(() => registry.register(lookupTool({ name: 'other' }))).toThrow(/frozen/);
  });

  it('rejects duplicates, bad names and missing implementation ids', () => {
    const registry = new DefaultToolRegistry();
    registry.register(lookupTool());
    expect(() => registry.register(lookupTool())).toThrow(/already registered/);
    expect(() => registry.register(lookupTool({ name: 'has space' }))).toThrow(/must match/);
    expect(() => registry.register(lookupTool({ name: 'x', implementationId: ' ' }))).toThrow(/implementationId/);
  });

  it('hashes description and schema into the binding', () => {
    const first = new DefaultToolRegistry();
    first.register(lookupTool());
    const second = new DefaultToolRegistry();
    second.register(lookupTool({ inputSchema: z.object({ word: z.string().min(2) }) }));
    expect(first.bindings()[0]?.schemaHash).not.toBe(second.bindings()[0]?.schemaHash);
    expect(first.bindings()[0]).toMatchObject({ name: 'lookup', implementationId: 'test-tools/v1/lookup', sideEffects: 'none' });
  });
});
