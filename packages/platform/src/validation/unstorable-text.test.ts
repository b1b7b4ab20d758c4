import { describe, expect, it } from 'vitest';

import { assertStorableText, findUnstorableText, unstorableTextProblem } from './unstorable-text';

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
    expect(findUnstorableText(deep)?.path).toHaveLength(100_000);
  });
});

describe('assertStorableText', () => {
  it('throws a validation error naming the field, or the fallback for a bare string', () => {
    expect(() => assertStorableText({ input: 'a\ud800' })).toThrow(expect.objectContaining({ kind: 'validation', field: 'input' }));
    expect(() => assertStorableText('\ud800', [], 'body')).toThrow(expect.objectContaining({ kind: 'validation', field: 'body' }));
    expect(() => assertStorableText({ fine: 'yes' })).not.toThrow();
  });
});
