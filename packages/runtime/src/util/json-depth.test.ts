import { describe, expect, it } from 'vitest';

import { cutJsonDepth, findTooDeepJson, jsonPathText, maximumJsonDepth } from './json-depth';

/** `levels` nested arrays (`[[…]]`), parsed from text the way a body or a model reply arrives. */
const nestedArrays = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
/** `levels` nested objects (`{"a":{"a":…{}}}`). */
const nestedObjects = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1));

describe('findTooDeepJson', () => {
  it('is 64 levels', () => {
    expect(maximumJsonDepth).toBe(64);
  });

  it('passes exactly the limit and finds one level over, for arrays and objects', () => {
    expect(findTooDeepJson(nestedArrays(maximumJsonDepth))).toBeUndefined();
    expect(findTooDeepJson(nestedObjects(maximumJsonDepth))).toBeUndefined();
    expect(findTooDeepJson(nestedArrays(maximumJsonDepth + 1))).toEqual(Array(maximumJsonDepth).fill('0'));
    expect(findTooDeepJson(nestedObjects(maximumJsonDepth + 1))).toEqual(Array(maximumJsonDepth).fill('a'));
  });

  it('counts objects and arrays alike, and scalars not at all', () => {
    // Three containers, then a string: level 3.
    expect(findTooDeepJson({ a: [{ b: 'leaf' }] }, 3)).toBeUndefined();
    expect(findTooDeepJson({ a: [{ b: ['leaf'] }] }, 3)).toEqual(['a', '0', 'b']);
    for (const scalar of [null, 1, 'text', true, undefined]) expect(findTooDeepJson(scalar, 0)).toBeUndefined();
  });

  it('names the first too-deep value in document order', () => {
    const value = { shallow: [1, 2], first: { x: { y: {} } }, second: { x: { y: {} } } };
    expect(findTooDeepJson(value, 3)).toEqual(['first', 'x', 'y']);
    expect(findTooDeepJson([[], [[[]]], [[[[]]]]], 3)).toEqual(['1', '0', '0']);
  });

  it('walks Maps and Sets as containers too', () => {
    expect(findTooDeepJson(new Map([['m', new Set([[]])]]), 2)).toEqual(['m', '0']);
  });

  it('takes a wide but shallow value of any size', () => {
    const wide = { rows: Array.from({ length: 200_000 }, (_, index) => ({ index, tags: ['a', 'b'] })) };
    expect(findTooDeepJson(wide)).toBeUndefined();
  });

  it('walks nesting far deeper than the call stack allows (iterative, no recursion)', () => {
    // 400k levels overflow any recursive walk (JSON.stringify fails near 5k).
    const deep = nestedArrays(400_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(findTooDeepJson(deep)).toHaveLength(maximumJsonDepth);
    expect(findTooDeepJson(deep, Infinity)).toBeUndefined();
  });
});

describe('cutJsonDepth', () => {
  it('keeps the limit whole and the next level empty, so the same path is still found', () => {
    const original = { keep: 'me', deep: nestedArrays(5000) };
    const cut = cutJsonDepth(original);
    expect(findTooDeepJson(cut)).toEqual(findTooDeepJson(original));
    expect(findTooDeepJson(cut, maximumJsonDepth + 1)).toBeUndefined();
    // Safe for every recursive walk now; the 64 levels are all there, the 65th empty.
    expect(JSON.stringify(cut)).toBe(`{"keep":"me","deep":${'['.repeat(maximumJsonDepth)}${']'.repeat(maximumJsonDepth)}}`);
    expect((original.deep as unknown[][])[0]).toHaveLength(1);
  });

  it('copies scalars, arrays and objects as they were, "__proto__" keys as own properties', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"list":[1,"two",null,{"x":false}]}') as Record<string, unknown>;
    const cut = cutJsonDepth(value, 3) as Record<string, unknown>;
    expect(cut).toEqual(value);
    expect(Object.getPrototypeOf(cut)).toBe(Object.prototype);
    expect(Object.keys(cut)).toEqual(['__proto__', 'list']);
    expect(cutJsonDepth('text')).toBe('text');
  });

  it('cuts a value far deeper than the call stack allows', () => {
    const cut = cutJsonDepth({ x: nestedObjects(400_000) });
    expect(JSON.stringify(cut)).toHaveLength(
      '{"x":'.length + '{"a":'.repeat(maximumJsonDepth - 1).length + '{}'.length + '}'.repeat(maximumJsonDepth - 1).length + 1,
    );
  });
});

describe('jsonPathText', () => {
  it('joins the keys with dots and shortens very long paths', () => {
    expect(jsonPathText(['metadata', 'x', '0'])).toBe('metadata.x.0');
    expect(jsonPathText(['k'.repeat(500)])).toBe(`${'k'.repeat(200)}…`);
  });
});
