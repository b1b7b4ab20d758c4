import type { MemoryHit } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { newestNearDuplicatesFirst } from './newest-near-duplicates-first';

const hit = (id: string, content: string, createdAt: string, score: number, extra: { key?: string; occurredAt?: string } = {}): MemoryHit => ({
  item: { id, content, createdAt, scope: { tenantId: 't' }, kind: 'fact', ...extra },
  score,
});

describe('newestNearDuplicatesFirst', () => {
  it('puts the newer version of a fact first, keeping each hit its own score, and leaves unrelated hits in place', () => {
    const hits = [
      hit('old', 'The deploy window is Tuesday 10-12', '2026-03-01T00:00:00Z', 0.9),
      hit('other', 'The cafeteria closes at noon on Fridays', '2026-01-01T00:00:00Z', 0.5),
      hit('new', 'The deploy window is Thursday 14-16', '2026-05-01T00:00:00Z', 0.7),
    ];
    expect(newestNearDuplicatesFirst(hits).map((entry) => [entry.item.id, entry.score])).toEqual([
      ['new', 0.7],
      ['other', 0.5],
      ['old', 0.9],
    ]);
  });

  it('groups by key, and orders by occurredAt before createdAt', () => {
    const hits = [
      hit('a', 'Standup at nine', '2026-06-01T00:00:00Z', 0.8, { key: 'team.standup', occurredAt: '2026-01-01T00:00:00Z' }),
      hit('b', 'Daily sync moved to ten', '2026-02-01T00:00:00Z', 0.6, { key: 'team.standup', occurredAt: '2026-04-01T00:00:00Z' }),
    ];
    expect(newestNearDuplicatesFirst(hits).map((entry) => entry.item.id)).toEqual(['b', 'a']);
  });

  it('does not move a newer look-alike the query matches far less well (below 0.75 of the other)', () => {
    const hits = [
      hit('answer', 'Northwind Traders need single sign-on in the contract', '2026-03-01T00:00:00Z', 0.8),
      hit('other', 'The cafeteria closes at noon on Fridays', '2026-01-01T00:00:00Z', 0.7),
      hit('later', 'Northwind Logistics need a rate limit in the contract', '2026-05-01T00:00:00Z', 0.5),
    ];
    expect(newestNearDuplicatesFirst(hits).map((entry) => entry.item.id)).toEqual(['answer', 'other', 'later']);
    // The same pair at comparable relevance (0.64 / 0.8 = 0.8) are versions: the newer goes first.
    const close = [hits[0]!, hits[1]!, { ...hits[2]!, score: 0.64 }];
    expect(newestNearDuplicatesFirst(close).map((entry) => entry.item.id)).toEqual(['later', 'other', 'answer']);
  });

  it('does not group items sharing a single word or a small share of the shorter one', () => {
    const hits = [
      hit('a', 'The office is in Lisbon', '2026-01-01T00:00:00Z', 0.9),
      hit('b', 'The office printer on floor three needs toner and paper', '2026-05-01T00:00:00Z', 0.4),
    ];
    expect(newestNearDuplicatesFirst(hits).map((entry) => entry.item.id)).toEqual(['a', 'b']);
  });
});
