import { describe, expect, it } from 'vitest';

import { apiErrorFrom } from './api-error.ts';
import { retryAfterSeconds } from './retry-after.ts';

const rateLimited = (headers: Record<string, string>) =>
  new Response(JSON.stringify({ error: { kind: 'rate-limited', message: 'slow down' } }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('apiErrorFrom', () => {
  it('exposes Retry-After in seconds, from a number of seconds or an HTTP date', async () => {
    expect((await apiErrorFrom(rateLimited({ 'Retry-After': '2' }))).retryAfterSeconds).toBe(2);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const fromDate = (await apiErrorFrom(rateLimited({ 'Retry-After': inTenSeconds }))).retryAfterSeconds;
    // toUTCString drops the milliseconds, and the clock moves between the two lines.
    expect(fromDate).toBeGreaterThanOrEqual(8);
    expect(fromDate).toBeLessThanOrEqual(10);
    expect((await apiErrorFrom(rateLimited({}))).retryAfterSeconds).toBeUndefined();
  });

  it('keeps Retry-After on an error whose body is not the API shape (a proxy’s 503 page)', async () => {
    const error = await apiErrorFrom(new Response('<html>busy</html>', { status: 503, headers: { 'Retry-After': '30' } }));
    expect([error.kind, error.status, error.retryAfterSeconds]).toEqual(['http', 503, 30]);
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads seconds and every HTTP date form; a date in the past is 0', () => {
    expect(retryAfterSeconds('0', now)).toBe(0);
    expect(retryAfterSeconds(' 120 ', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Thursday, 01-Jan-26 00:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or malformed header rather than inventing a wait', () => {
    for (const value of [null, '', 'soon', '1.5', '-3', '5s', 'Someday'] as const) expect(retryAfterSeconds(value, now)).toBeUndefined();
  });
});
