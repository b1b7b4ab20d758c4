import { describe, expect, it } from 'vitest';

import { carriedMemoryIds, memoryHitsOf } from './memory-hit-scores';

describe('memory hits of a message', () => {
  const recorded = [
    { memoryItemId: 'memory-a', stepId: 'step-1', score: 0.5, scoreParts: { similarity: null, lexical: 0.5, relevance: 0.5 } },
    { memoryItemId: 'memory-a', stepId: 'step-2', score: 0.25 },
    { memoryItemId: 'memory-b', stepId: 'step-1', score: 0.125 },
  ];

  it('takes the score recorded in the message\u2019s own step', () => {
    expect(memoryHitsOf({ stepId: 'step-2', memoryItemIds: ['memory-a'] }, recorded)).toEqual([{ memoryItemId: 'memory-a', score: 0.25, scoreParts: null }]);
  });

  it('falls back to the run\u2019s first use, and to no score for a forgotten item', () => {
    expect(memoryHitsOf({ stepId: 'step-9', memoryItemIds: ['memory-b', 'memory-gone'] }, recorded)).toEqual([
      { memoryItemId: 'memory-b', score: 0.125, scoreParts: null },
      { memoryItemId: 'memory-gone', score: null, scoreParts: null },
    ]);
  });

  it('carries the recorded score parts with the score', () => {
    expect(memoryHitsOf({ stepId: 'step-1', memoryItemIds: ['memory-a'] }, recorded)).toEqual([
      { memoryItemId: 'memory-a', score: 0.5, scoreParts: { similarity: null, lexical: 0.5, relevance: 0.5 } },
    ]);
  });

  it('collects each carried id once', () => {
    expect(carriedMemoryIds([{ memoryItemIds: ['b', 'a'] }, { memoryItemIds: [] }, { memoryItemIds: ['a'] }])).toEqual(['a', 'b']);
  });
});
