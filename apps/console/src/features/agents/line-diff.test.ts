import { describe, expect, it } from 'vitest';

import { canonicalJsonLines, diffLines, foldUnchanged } from './line-diff';

describe('diffLines', () => {
  it('keeps equal lines side by side and pairs a replaced line as changed', () => {
    const rows = diffLines(['a', 'b', 'c'], ['a', 'B', 'c']);
    expect(rows.map((row) => [row.kind, row.left?.text ?? null, row.right?.text ?? null])).toEqual([
      ['same', 'a', 'a'],
      ['changed', 'b', 'B'],
      ['same', 'c', 'c'],
    ]);
  });

  it('shows pure insertions and deletions with the other side empty, numbering each side on its own', () => {
    const rows = diffLines(['a', 'x', 'b'], ['a', 'b', 'y', 'z']);
    expect(rows.map((row) => [row.kind, row.left?.number ?? null, row.right?.number ?? null])).toEqual([
      ['same', 1, 1],
      ['removed', 2, null],
      ['same', 3, 2],
      ['added', null, 3],
      ['added', null, 4],
    ]);
  });

  it('returns only same rows for equal input, and handles empty sides', () => {
    expect(diffLines(['a', 'b'], ['a', 'b']).every((row) => row.kind === 'same')).toBe(true);
    expect(diffLines([], ['a']).map((row) => row.kind)).toEqual(['added']);
    expect(diffLines(['a'], []).map((row) => row.kind)).toEqual(['removed']);
  });
});

describe('canonicalJsonLines', () => {
  it('sorts keys at every depth so key order never shows as a change', () => {
    expect(canonicalJsonLines({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 2 } })).toEqual(canonicalJsonLines({ a: { c: 2, d: [{ y: 2, z: 1 }] }, b: 1 }));
    expect(diffLines(canonicalJsonLines({ b: 1, a: 2 }), canonicalJsonLines({ a: 2, b: 1 })).every((row) => row.kind === 'same')).toBe(true);
  });
});

describe('foldUnchanged', () => {
  it('keeps context around changes and folds long unchanged runs', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h'];
    const view = foldUnchanged(diffLines(before, after), 1);
    expect(view.map((row) => (row.kind === 'fold' ? `fold ${row.count}` : row.kind))).toEqual(['fold 3', 'same', 'changed', 'same', 'fold 2']);
  });

  it('folds everything when nothing changed', () => {
    expect(foldUnchanged(diffLines(['a', 'b'], ['a', 'b']))).toEqual([{ kind: 'fold', count: 2 }]);
  });
});
