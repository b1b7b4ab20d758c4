import { describe, expect, it } from 'vitest';

import { storableJson, storableJsonText, storableText } from './storable-text';

const fffd = '\ufffd';

describe('storableText', () => {
  it('replaces NUL and lone surrogates with U+FFFD, keeping the length', () => {
    expect(storableText('binary\u0000payload')).toBe(`binary${fffd}payload`);
    expect(storableText('half \ud800 pair')).toBe(`half ${fffd} pair`);
    expect(storableText('\udfff\u0000\ud800')).toBe(fffd.repeat(3));
    // A low surrogate before its high one is two lone halves, not a pair.
    expect(storableText('\ude00\ud83d')).toBe(fffd.repeat(2));
    expect(storableText('a\ud800')).toHaveLength(2);
  });

  it('leaves well-formed text alone, surrogate pairs and other control characters included', () => {
    for (const text of ['', 'héllo € 😀', '\ud83d\ude00', 'tab\tbell\u0007', 'literal \\u0000']) expect(storableText(text)).toBe(text);
  });
});

describe('storableJsonText', () => {
  const parsed = (json: string) => JSON.parse(storableJsonText(json)) as unknown;

  it('repairs escaped NUL and escaped lone surrogates, in values and keys, in either case of hex', () => {
    expect(parsed('{"a\\u0000":"x\\u0000y"}')).toEqual({ [`a${fffd}`]: `x${fffd}y` });
    expect(parsed('["\\ud800","\\uDFFF","\\uDBFF!"]')).toEqual([fffd, fffd, `${fffd}!`]);
  });

  it('keeps escaped and raw surrogate pairs, and reads an escaped backslash as one', () => {
    expect(parsed('["\\ud83d\\ude00","\\uD83D\\uDE00","😀"]')).toEqual(['😀', '😀', '😀']);
    // An escaped backslash followed by the letters u0000 is text, not a NUL.
    expect(storableJsonText('"\\\\u0000"')).toBe('"\\\\u0000"');
    expect(parsed('"\\\\\\u0000"')).toBe(`\\${fffd}`);
  });

  it('repairs raw NUL and raw lone surrogates in the text', () => {
    expect(storableJsonText('"a\u0000\ud800"')).toBe(`"a${fffd}${fffd}"`);
  });

  it('returns the same string when there is nothing to repair', () => {
    const json = JSON.stringify({ text: 'héllo 😀 \\u0000', list: [1, null, true] });
    expect(storableJsonText(json)).toBe(json);
  });
});

describe('storableJson', () => {
  it('repairs strings and keys at any depth, as JSON would store them', () => {
    const value = { outer: [{ 'k\u0000': ['deep \ud800'] }], when: new Date(0) };
    const { value: repaired, json } = storableJson(value);
    expect(repaired).toEqual({ outer: [{ [`k${fffd}`]: [`deep ${fffd}`] }], when: '1970-01-01T00:00:00.000Z' });
    expect(json).toBe(JSON.stringify(repaired));
  });

  it('hands back the very value when it is storable, and nothing for what JSON cannot hold', () => {
    const value = { a: ['b'] };
    expect(storableJson(value).value).toBe(value);
    expect(storableJson(undefined)).toEqual({ value: undefined, json: undefined });
    expect(storableJson('\u0000')).toEqual({ value: fffd, json: `"${fffd}"` });
  });
});
