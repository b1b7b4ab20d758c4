import { describe, expect, it } from 'vitest';

import { queryParameters } from './query-parameters';

describe('queryParameters', () => {
  const request = (query: string) => new Request(`http://console.test/api/v1/threads?${query}`);

  it('turns the listed integers and booleans into values and leaves everything else a string', () => {
    expect(queryParameters(request('limit=20&includeArchived=true&agentId=x&cursor=7'), ['limit'], ['includeArchived'])).toEqual({
      limit: 20,
      includeArchived: true,
      agentId: 'x',
      cursor: '7',
    });
  });

  it('keeps malformed values as strings so the service schema names the parameter', () => {
    expect(queryParameters(request('limit=ten&includeArchived=yes'), ['limit'], ['includeArchived'])).toEqual({ limit: 'ten', includeArchived: 'yes' });
  });
});
