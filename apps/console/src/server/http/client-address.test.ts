import { describe, expect, it } from 'vitest';
import { clientAddressFor } from './client-address';

describe('clientAddressFor', () => {
  it('takes the last X-Forwarded-For hop (the one the nearest proxy or the socket wrote)', () => {
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7' }))).toBe('198.51.100.7');
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '::ffff:127.0.0.1' }))).toBe('127.0.0.1');
    expect(clientAddressFor(new Headers({ 'x-real-ip': '2001:DB8::1' }))).toBe('2001:db8::1');
  });

  it('is null when there is no plausible address', () => {
    expect(clientAddressFor(new Headers())).toBeNull();
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': 'evil host' }))).toBeNull();
  });
});
