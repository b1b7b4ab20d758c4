import { describe, expect, it } from 'vitest';

import { memoryInspectorSearch, memoryListInput, memorySearchInput, parseMemoryInspectorState } from './memory-filters';

const parse = (query: string) => parseMemoryInspectorState(new URLSearchParams(query));

describe('memory inspector URL state', () => {
  it('round-trips filters, search and selection through the URL', () => {
    const query = 'level=thread&scope=0196a0a0-0000-7000-8000-000000000001&kind=fact&q=deploy+window&mode=vector&item=0196a0a0-0000-7000-8000-0000000000aa';
    const state = parse(query);
    expect(state).toEqual({
      level: 'thread',
      scopeId: '0196a0a0-0000-7000-8000-000000000001',
      kind: 'fact',
      query: 'deploy window',
      mode: 'vector',
      itemId: '0196a0a0-0000-7000-8000-0000000000aa',
    });
    expect(parse(memoryInspectorSearch(state))).toEqual(state);
  });

  it('drops unknown values and a scope id without a level that takes one', () => {
    expect(parse('level=galaxy&kind=rumour&mode=psychic&item=not-an-id')).toEqual({
      level: undefined,
      scopeId: undefined,
      kind: undefined,
      query: '',
      mode: 'hybrid',
      itemId: undefined,
    });
    expect(parse('level=project&scope=abc').scopeId).toBeUndefined();
    expect(memoryInspectorSearch(parse(''))).toBe('');
  });

  it('turns the picked scope into the search scope and the list filter', () => {
    expect(memorySearchInput(parse('level=agent&scope=a1&q=x')).scope).toEqual({ agentId: 'a1' });
    expect(memorySearchInput(parse('level=user&scope=u1&q=x')).scope).toEqual({ userId: 'u1' });
    expect(memorySearchInput(parse('q=x&kind=procedure'))).toEqual({ text: 'x', scope: {}, mode: 'hybrid', limit: 25, kinds: ['procedure'] });
    expect(memoryListInput(parse('level=thread&scope=t1&kind=episode'))).toEqual({ limit: 25, level: 'thread', scopeId: 't1', kind: 'episode' });
  });
});
