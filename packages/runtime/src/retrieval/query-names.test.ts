import { describe, expect, it } from 'vitest';

import { queryNames } from './query-names';

describe('queryNames', () => {
  it('finds the words a question capitalises after its first word', () => {
    expect(queryNames('Which region hosts our staging Redis cluster?')).toEqual(['Redis']);
    expect(queryNames('What is the rate limit on the GraphQL API?')).toEqual(['GraphQL', 'API']);
  });

  it('drops possessive endings and never takes the first word of a sentence or a lone I', () => {
    expect(queryNames("Who is Priya's onboarding buddy?")).toEqual(['Priya']);
    expect(queryNames('Where do I live? Tell me about Lisbon.')).toEqual(['Lisbon']);
    expect(queryNames('what did we decide')).toEqual([]);
  });
});
