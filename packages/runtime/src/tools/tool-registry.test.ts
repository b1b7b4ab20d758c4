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

  it('converts and hashes a schema object once for every registry, and never mixes two schemas or two descriptions', () => {
    const shared = z.object({ word: z.string() });
    const first = new DefaultToolRegistry();
    const second = new DefaultToolRegistry();
    first.register(lookupTool({ inputSchema: shared }));
    second.register(lookupTool({ inputSchema: shared }));
    second.register(lookupTool({ name: 'described', description: 'Another text', inputSchema: shared }));
    second.register(lookupTool({ name: 'other_schema', inputSchema: z.object({ word: z.number() }) }));
    const [firstDefinition] = first.definitions();
    const [secondDefinition, described, other] = second.definitions();
    expect(secondDefinition!.inputSchema).toBe(firstDefinition!.inputSchema);
    expect(second.bindings()[0]!.schemaHash).toBe(first.bindings()[0]!.schemaHash);
    expect(described!.inputSchema).toBe(firstDefinition!.inputSchema);
    expect(second.bindings()[1]!.schemaHash).not.toBe(first.bindings()[0]!.schemaHash);
    expect(other!.inputSchema).toMatchObject({ properties: { word: { type: 'number' } } });
    expect(second.bindings()[2]!.schemaHash).not.toBe(first.bindings()[0]!.schemaHash);
    // A plain JSON Schema keeps its validator across registries too, and still validates.
    const json = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    first.register(lookupTool({ name: 'json_a', inputSchema: json }));
    second.register(lookupTool({ name: 'json_b', inputSchema: json }));
    expect(first.validate('json_a', { n: 'x' }).ok).toBe(false);
    expect(second.validate('json_b', { n: 3 }).ok).toBe(true);
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
