import { describe, expect, it } from 'vitest';

import { abstains, rankedSessions, recallAllAt } from './session-recall';

describe('session-level recall', () => {
  it('ranks sessions by their first hit', () => {
    expect(rankedSessions(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('counts a single-session question as a hit at k only when its session is in the top k', () => {
    const ranked = ['x', 'y', 'answer', 'z'];
    expect([1, 2, 3, 10].map((k) => recallAllAt(k, ranked, ['answer']))).toEqual([0, 0, 1, 1]);
  });

  it('needs every labelled session of a multi-session question in the top k', () => {
    const ranked = ['first', 'noise', 'other-noise', 'second'];
    expect(recallAllAt(1, ranked, ['first', 'second'])).toBe(0);
    expect(recallAllAt(3, ranked, ['first', 'second'])).toBe(0);
    expect(recallAllAt(4, ranked, ['first', 'second'])).toBe(1);
    expect(recallAllAt(10, ['first'], ['first', 'second'])).toBe(0);
  });

  it('refuses to score recall for a question with no answer session', () => {
    expect(() => recallAllAt(5, ['a'], [])).toThrow(/abstention/);
  });
});

describe('abstention', () => {
  it('abstains when nothing reaches the threshold, including an empty result', () => {
    expect(abstains([], 0.3)).toBe(true);
    expect(abstains([{ score: 0.29 }, { score: 0.1 }], 0.3)).toBe(true);
    expect(abstains([{ score: 0.1 }, { score: 0.3 }], 0.3)).toBe(false);
  });

  it('judges the calibrated relevance, not the boosted score, when the port reports it', () => {
    expect(abstains([{ score: 0.9, parts: { relevance: 0.1 } }], 0.3)).toBe(true);
    expect(abstains([{ score: 0.2, parts: { relevance: 0.4 } }], 0.3)).toBe(false);
  });
});
