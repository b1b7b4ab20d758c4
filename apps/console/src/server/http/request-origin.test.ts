import { describe, expect, it } from 'vitest';

import { requestOriginFor } from './request-origin';

describe('requestOriginFor', () => {
  it('takes the first X-Forwarded-For hop, then X-Real-IP', () => {
    expect(requestOriginFor(new Headers({ 'x-forwarded-for': '203.0.113.9, 10.0.0.2' }), 'r1')).toEqual({ ipAddress: '203.0.113.9', requestId: 'r1' });
    expect(requestOriginFor(new Headers({ 'x-real-ip': '2001:db8::1' }), 'r2')).toEqual({ ipAddress: '2001:db8::1', requestId: 'r2' });
  });

  it('records no address when none is given or it is not an address', () => {
    expect(requestOriginFor(new Headers(), 'r3').ipAddress).toBeNull();
    expect(requestOriginFor(new Headers({ 'x-forwarded-for': '<script>' }), 'r4').ipAddress).toBeNull();
  });
});
