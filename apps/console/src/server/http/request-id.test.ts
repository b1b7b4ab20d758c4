import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id';

describe('requestIdFor', () => {
  it('echoes a sane incoming id and replaces anything else', () => {
    const withId = (value: string) => new Request('http://console.test/', { headers: { 'X-Request-Id': value } });
    expect(requestIdFor(withId('abc-123.def:9'))).toBe('abc-123.def:9');
    expect(requestIdFor(withId('has spaces'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(withId('x'.repeat(129)))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
