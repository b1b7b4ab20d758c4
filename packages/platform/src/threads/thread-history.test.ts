import { describe, expect, it } from 'vitest';

import { windowOf } from './thread-history';

describe('thread history window', () => {
  const turns = Array.from({ length: 6 }, (_, index) => ({ question: `question ${index} ${'x'.repeat(200)}`, answer: `answer ${index}` }));

  it('keeps every turn whole when they fit', () => {
    const window = windowOf(turns.slice(0, 2), 10_000);
    expect(window.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('keeps the newest turns whole and folds the oldest into one summary turn', () => {
    const window = windowOf(turns, 200);
    expect(window[0]).toEqual({ role: 'user', content: 'What happened earlier in this conversation?' });
    expect(window[1]?.content).toMatch(/^Summary of \d earlier turn\(s\)/);
    expect(window[1]?.content).toContain('question 0');
    expect(window.at(-1)?.content).toBe('answer 5');
    expect(window.filter((message) => message.role === 'assistant').length).toBeLessThan(6);
  });
});
