import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { parseInput } from './parse-input';

const schema = z.object({ name: z.string(), tags: z.array(z.string()).default([]), metadata: z.record(z.string(), z.unknown()).default({}) });

describe('parseInput', () => {
  it('returns the parsed value, and names the field of the first schema issue', () => {
    expect(parseInput(schema, { name: 'ok' })).toEqual({ name: 'ok', tags: [], metadata: {} });
    expect(() => parseInput(schema, { name: 1 })).toThrow(expect.objectContaining({ kind: 'validation', field: 'name' }));
  });

  it('refuses text with NUL characters anywhere (Postgres cannot store them), naming the field', () => {
    expect(() => parseInput(schema, { name: 'a\u0000b' })).toThrow(expect.objectContaining({ kind: 'validation', field: 'name' }));
    expect(() => parseInput(schema, { name: 'ok', tags: ['x', '\u0000'] })).toThrow(expect.objectContaining({ field: 'tags.1' }));
    expect(() => parseInput(schema, { name: 'ok', metadata: { nested: { 'key\u0000': 1 } } })).toThrow(
      expect.objectContaining({ field: 'metadata.nested.key\u0000' }),
    );
    expect(() => parseInput(z.string(), '\u0000')).toThrow(expect.objectContaining({ kind: 'validation', field: undefined }));
  });

  it('refuses lone UTF-16 surrogates the same way (Postgres jsonb refuses them with 22P02)', () => {
    expect(() => parseInput(schema, { name: '\ud800' })).toThrow(expect.objectContaining({ kind: 'validation', field: 'name' }));
    expect(() => parseInput(schema, { name: 'ok', metadata: { note: 'x\udc00' } })).toThrow(expect.objectContaining({ field: 'metadata.note' }));
    expect(parseInput(schema, { name: '💥' }).name).toBe('💥');
  });
});

describe('parseInput on input nested past the JSON depth limit', () => {
  /** `{ value: { value: … } }`, `levels` objects deep, built without recursion. */
  function nested(levels: number): Record<string, unknown> {
    let value: Record<string, unknown> = {};
    for (let level = 1; level < levels; level += 1) value = { value };
    return value;
  }
  const recursiveSchema = z.object({ name: z.string(), state: z.json() });

  it('refuses it before the schema walks it, naming the field, for a caller that is not HTTP (a worker, a script)', () => {
    // z.json() is recursive: 20,000 levels overflow the stack inside safeParse if the schema goes first.
    const input = { name: 'ok', state: nested(20_000) };
    expect(() => parseInput(recursiveSchema, input)).toThrow(expect.objectContaining({ kind: 'validation', field: 'state' }));
    expect(() => parseInput(recursiveSchema, input)).toThrow('state: objects and arrays must not be nested more than 64 levels deep');
  });

  it('keeps input at the limit', () => {
    expect(parseInput(recursiveSchema, { name: 'ok', state: nested(63) }).name).toBe('ok');
  });
});
