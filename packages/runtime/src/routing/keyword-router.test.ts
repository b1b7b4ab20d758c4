import { describe, expect, it } from 'vitest';

import type { MemoryHit } from '../contracts/stores';
import { KeywordRouter } from './keyword-router';

const hit = (id: string, score: number, relevance?: number): MemoryHit => ({
  item: { id, scope: { tenantId: 't' }, kind: 'fact', content: id, createdAt: '2026-06-01T00:00:00.000Z' },
  score,
  ...(relevance === undefined ? {} : { parts: { similarity: null, lexical: relevance, relevance, pinned: score - relevance, recency: 0, time: 0 } }),
});

describe('KeywordRouter memory threshold', () => {
  it('compares calibrated relevance, so a boost cannot carry an unrelated memory in', async () => {
    const router = new KeywordRouter({ minMemoryScore: 0.3 });
    // Pinned: score 0.35 from relevance 0.25 plus the pin boost.
    const decisions = await router.route({ task: 't', memories: [hit('relevant', 0.5, 0.5), hit('pinned-unrelated', 0.35, 0.25)], skills: [], toolNames: [] });
    expect(decisions).toEqual([expect.objectContaining({ decision: 'inject_memory', memoryIds: ['relevant'] })]);
  });

  it('compares evidence when the port reports it: a strong paraphrase match with no shared word is injected', async () => {
    const paraphrase: MemoryHit = {
      ...hit('paraphrase', 0.27),
      parts: { similarity: 0.55, lexical: 0, relevance: 0.25, evidence: 0.5, pinned: 0, recency: 0.02, time: 0 },
    };
    const lookAlike: MemoryHit = {
      ...hit('look-alike', 0.4),
      parts: { similarity: 0.7, lexical: 0.6, relevance: 0.38, evidence: 0.33, pinned: 0, recency: 0.02, time: 0, unknownNames: ['Redis'] },
    };
    const decisions = await new KeywordRouter({ minMemoryScore: 0.35 }).route({ task: 't', memories: [lookAlike, paraphrase], skills: [], toolNames: [] });
    expect(decisions).toEqual([expect.objectContaining({ decision: 'inject_memory', memoryIds: ['paraphrase'] })]);
  });

  it('falls back to the score for ports that report no parts', async () => {
    const decisions = await new KeywordRouter({ minMemoryScore: 0.3 }).route({ task: 't', memories: [hit('a', 0.4), hit('b', 0.2)], skills: [], toolNames: [] });
    expect(decisions).toEqual([expect.objectContaining({ memoryIds: ['a'] })]);
  });
});
