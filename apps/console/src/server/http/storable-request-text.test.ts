import { describe, expect, it } from 'vitest';

import { assertStorableRequestText } from './storable-request-text';

describe('assertStorableRequestText', () => {
  const request = (query: string) => new Request(`http://console.test/api/v1/runs/x/events?${query}`);

  it('refuses a NUL in any query parameter, read by the route or not, naming it', () => {
    expect(() => assertStorableRequestText(request('format=a%00b'), {})).toThrow(expect.objectContaining({ kind: 'validation', field: 'format' }));
    expect(() => assertStorableRequestText(request('unknown=%00'), {})).toThrow(expect.objectContaining({ field: 'unknown' }));
  });

  it('refuses a NUL in a path parameter, and lets ordinary text through', () => {
    expect(() => assertStorableRequestText(request(''), { id: 'a\u0000' })).toThrow(expect.objectContaining({ field: 'id' }));
    expect(() => assertStorableRequestText(request('q=%E2%9C%93&limit=5'), { id: '0190f5c4-0000-7000-8000-000000000000' })).not.toThrow();
  });
});
