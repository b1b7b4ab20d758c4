import { describe, expect, it } from 'vitest';

import { scorePartsLine, searchedLexicalOnly, unknownNamesText } from './score-parts';

describe('scorePartsLine', () => {
  it('names relevance, both lists and the boosts that apply', () => {
    expect(scorePartsLine({ similarity: 0.712, lexical: 0.48, relevance: 0.62, pinned: 0.1, recency: 0.001, time: 0.2 })).toBe(
      'relevance 0.62 — similarity 0.71 · lexical 0.48 — +pinned 0.10 +time 0.20',
    );
  });

  it('shows the evidence thresholds compare and the names the memory has never seen', () => {
    expect(
      scorePartsLine({ similarity: 0.55, lexical: 0.1, relevance: 0.14, evidence: 0.25, pinned: 0, recency: 0, time: 0, unknownNames: ['Redis', 'GraphQL'] }),
    ).toBe('relevance 0.14 · evidence 0.25 — similarity 0.55 · lexical 0.10 — unknown names: Redis, GraphQL');
    expect(unknownNamesText({ relevance: 0.5 })).toBeNull();
    expect(unknownNamesText({ unknownNames: [] })).toBeNull();
  });

  it("shows the thread's similarity when thread context mixed it in", () => {
    expect(scorePartsLine({ similarity: 0.41, lexical: 0, relevance: 0.2, evidence: 0.34, threadSimilarity: 0.58, pinned: 0, recency: 0, time: 0 })).toBe(
      'relevance 0.20 · evidence 0.34 — similarity 0.41 · lexical 0.00 · thread 0.58',
    );
  });

  it('says when the vector list was not searched', () => {
    expect(scorePartsLine({ similarity: null, lexical: 0.9, relevance: 0.9, pinned: 0, recency: 0, time: 0 })).toBe('relevance 0.90 — no vector · lexical 0.90');
    expect(searchedLexicalOnly([{ parts: { similarity: null } }, { parts: { similarity: null } }])).toBe(true);
    expect(searchedLexicalOnly([{ parts: { similarity: null } }, { parts: { similarity: 0.4 } }])).toBe(false);
    expect(searchedLexicalOnly([])).toBe(false);
  });
});
