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

  it('reads X-Real-IP, trimmed, only when X-Forwarded-For has no last hop', () => {
    expect(clientAddressFor(new Headers({ 'x-real-ip': ' 10.0.0.7 ' }))).toBe('10.0.0.7');
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '203.0.113.9, ', 'x-real-ip': '10.0.0.7' }))).toBe('10.0.0.7');
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '10.0.0.7' }))).toBe('203.0.113.9');
  });

  it('maps only a whole IPv4-mapped IPv6 address to its IPv4 address', () => {
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '::FFFF:198.51.100.17' }))).toBe('198.51.100.17');
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '::ffff:10.200.30.4' }))).toBe('10.200.30.4');
    // Not an IPv4-mapped address: kept as it is, lower-cased.
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '2001:db8::ffff:1.2.3.4' }))).toBe('2001:db8::ffff:1.2.3.4');
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '::ffff:1.2.3.4.5' }))).toBe('::ffff:1.2.3.4.5');
  });

  it('is null for an address too long to be one', () => {
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '1'.repeat(46) }))).toBeNull();
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '1'.repeat(45) }))).toBe('1'.repeat(45));
    expect(clientAddressFor(new Headers({ 'x-forwarded-for': '1' }))).toBeNull();
  });
});
