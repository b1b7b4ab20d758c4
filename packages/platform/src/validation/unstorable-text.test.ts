import { describe, expect, it } from 'vitest';

import { maximumJsonDepth } from '@agentloom/runtime';

import { assertJsonDepth, assertStorableText, findUnstorableText, unstorableTextProblem } from './unstorable-text';

describe('unstorableTextProblem', () => {
  it('accepts any well-formed text, surrogate pairs included', () => {
    for (const text of ['', 'plain', '💥 emoji pair', '\uFFFD', '\uFFFE', 'tab\tand\nnewline', '\u0001']) expect(unstorableTextProblem(text)).toBeUndefined();
  });

  it('refuses NUL and lone surrogates, high or low, anywhere in the text', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\ud800', '\ud800x', '\udc00', 'x\udfff', '\udc00\ud800', '💥\ud83d']) {
      expect(unstorableTextProblem(text), JSON.stringify(text)).toBeDefined();
    }
  });
});

describe('findUnstorableText', () => {
  it('names the path of the first bad value or key, in document order', () => {
    expect(findUnstorableText({ a: 'ok', b: ['ok', { c: '\ud800' }], d: '\u0000' })?.path).toEqual(['b', '1', 'c']);
    expect(findUnstorableText({ nested: { 'key\udc00': 1 } })?.path).toEqual(['nested', 'key\udc00']);
    expect(findUnstorableText(new Map([['m', new Set(['ok', '\ud800'])]]), ['input'])?.path).toEqual(['input', 'm', '1']);
    expect(findUnstorableText({ when: new Date(0), n: 1, flag: true, none: null })).toBeUndefined();
  });

  it('walks nesting far deeper than the call stack allows', () => {
    let deep: unknown = '\ud800';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findUnstorableText(deep, [], Infinity)?.path).toHaveLength(100_000);
  });
});

describe('assertStorableText', () => {
  it('throws a validation error naming the field, or the fallback for a bare string', () => {
    expect(() => assertStorableText({ input: 'a\ud800' })).toThrow(expect.objectContaining({ kind: 'validation', field: 'input' }));
    expect(() => assertStorableText('\ud800', [], 'body')).toThrow(expect.objectContaining({ kind: 'validation', field: 'body' }));
    expect(() => assertStorableText({ fine: 'yes' })).not.toThrow();
  });
});

/** `levels` nested arrays (`[[…]]`), parsed from text the way a body arrives. */
const nestedArrays = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
/** `levels` nested objects (`{"a":{"a":…{}}}`). */
const nestedObjects = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1));

describe('nesting depth in the same walk', () => {
  it('passes exactly maximumJsonDepth levels and refuses one more, for arrays and objects', () => {
    expect(maximumJsonDepth).toBe(64);
    for (const nested of [nestedArrays, nestedObjects]) {
      expect(findUnstorableText(nested(maximumJsonDepth))).toBeUndefined();
      expect(findUnstorableText(nested(maximumJsonDepth + 1))).toMatchObject({ tooDeep: true, path: expect.any(Array) as unknown });
      expect(findUnstorableText(nested(maximumJsonDepth + 1))?.path).toHaveLength(maximumJsonDepth);
    }
  });

  it('reports whichever problem comes first in document order, the path under rootPath', () => {
    expect(findUnstorableText({ bad: '\u0000', deep: nestedArrays(70) })).toMatchObject({ path: ['bad'] });
    expect(findUnstorableText({ deep: nestedArrays(70), bad: '\u0000' }, ['input'])).toMatchObject({
      tooDeep: true,
      path: ['input', 'deep', ...Array<string>(63).fill('0')],
    });
    // Maps and Sets (superjson input) count as levels too.
    expect(findUnstorableText(new Map([['m', new Set([[]])]]), [], 2)).toMatchObject({ tooDeep: true, path: ['m', '0'] });
  });

  it('refuses too deep a value as the whole field (body, input), saying where it went too deep', () => {
    const body = JSON.parse(`{"metadata":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`) as unknown;
    let caught: unknown;
    try {
      assertStorableText(body, [], 'body');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ kind: 'validation', field: 'body' });
    expect((caught as Error).message).toBe(`body: objects and arrays must not be nested more than 64 levels deep (first at metadata.x${'.0'.repeat(62)})`);
    expect(() => assertStorableText(body, ['input'])).toThrow(expect.objectContaining({ kind: 'validation', field: 'input' }));
    expect(() => assertStorableText(nestedObjects(maximumJsonDepth), [], 'body')).not.toThrow();
  });

  it('takes a wide but shallow body of any size, and a megabyte of brackets without recursing', () => {
    const wide = { rows: Array.from({ length: 100_000 }, (_, index) => ({ index, tags: ['a', { b: 'c' }] })) };
    expect(() => assertStorableText(wide, [], 'body')).not.toThrow();
    expect(() => assertStorableText(nestedArrays(500_000), [], 'body')).toThrow(expect.objectContaining({ field: 'body' }));
  });
});

describe('assertJsonDepth', () => {
  it('refuses only nesting, at the same limit and with the same error', () => {
    expect(() => assertJsonDepth({ text: '\ud800', deep: nestedArrays(maximumJsonDepth - 1) }, ['input'])).not.toThrow();
    expect(() => assertJsonDepth({ deep: nestedArrays(maximumJsonDepth) }, ['input'])).toThrow(
      expect.objectContaining({
        kind: 'validation',
        field: 'input',
        message: `input: objects and arrays must not be nested more than 64 levels deep (first at input.deep${'.0'.repeat(63)})`,
      }),
    );
    expect(() => assertJsonDepth(nestedArrays(400_000), [], 'body')).toThrow(expect.objectContaining({ field: 'body' }));
    expect(() => assertJsonDepth(undefined)).not.toThrow();
  });
});
