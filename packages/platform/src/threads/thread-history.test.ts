import { estimateTokens } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { windowOf, type Turn } from './thread-history';

const turnsOf = (count: number, filler = 200): Turn[] =>
  Array.from({ length: count }, (_, index) => ({ runId: `run-${index}`, question: `question ${index} ${'x'.repeat(filler)}`, answer: `answer ${index}` }));

describe('thread history window', () => {
  const turns = turnsOf(6);

  it('keeps every turn whole when they fit, each message naming the run it copies', () => {
    const window = windowOf(turns.slice(0, 2), 10_000);
    expect(window.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(window.sources).toEqual([['run-0'], ['run-0'], ['run-1'], ['run-1']]);
  });

  it('keeps the newest turns whole and folds the oldest into one summary turn', () => {
    const window = windowOf(turns, 300);
    expect(window.messages[0]).toEqual({ role: 'user', content: 'What happened earlier in this conversation?' });
    expect(window.messages[1]?.content).toMatch(/^Summary of \d earlier turn\(s\)/);
    expect(window.messages.at(-1)?.content).toBe('answer 5');
    expect(window.messages.filter((message) => message.role === 'assistant').length).toBeLessThan(6);
    expect(window.sources).toHaveLength(window.messages.length);
    expect(window.sources[0]).toEqual([]);
  });

  it('stays within the token budget, summary included, however long the thread', () => {
    for (const budget of [150, 1_000, 4_000]) {
      const window = windowOf(turnsOf(1_000), budget);
      expect(estimateTokens(window.messages)).toBeLessThanOrEqual(budget);
      expect(window.messages[1]?.content).toMatch(/^Summary of \d+ earlier turn\(s\)/);
      // Every excerpt in the summary names its run; the oldest turns are counted, not excerpted.
      const excerpts = (window.messages[1]?.content.match(/^- Asked:/gm) ?? []).length;
      expect(window.sources[1]).toHaveLength(excerpts);
    }
  });

  it('counts earlier turns that were not loaded in the summary', () => {
    const window = windowOf(turnsOf(3), 4_000, 997);
    expect(window.messages[1]?.content).toMatch(/^Summary of 997 earlier turn\(s\)/);
    expect(estimateTokens(window.messages)).toBeLessThanOrEqual(4_000);
  });
});
