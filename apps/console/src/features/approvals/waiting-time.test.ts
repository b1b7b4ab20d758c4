import { describe, expect, it } from 'vitest';
import { formatWaiting } from './waiting-time';

const since = '2026-12-01T12:00:00.000Z';
const at = (offsetSeconds: number) => Date.parse(since) + offsetSeconds * 1_000;

describe('formatWaiting', () => {
  it('says nothing before the clock is known (server render and hydration agree)', () => {
    expect(formatWaiting(since, 0)).toBe('');
  });

  it('counts seconds, then minutes, hours and days, dropping a zero remainder', () => {
    expect(formatWaiting(since, at(0))).toBe('waiting 0 s');
    expect(formatWaiting(since, at(59))).toBe('waiting 59 s');
    expect(formatWaiting(since, at(60))).toBe('waiting 1 min');
    expect(formatWaiting(since, at(3 * 60 + 30))).toBe('waiting 3 min');
    expect(formatWaiting(since, at(3_600))).toBe('waiting 1 h');
    expect(formatWaiting(since, at(2 * 3_600 + 5 * 60))).toBe('waiting 2 h 5 min');
    expect(formatWaiting(since, at(86_400))).toBe('waiting 1 d');
    expect(formatWaiting(since, at(3 * 86_400 + 4 * 3_600 + 59))).toBe('waiting 3 d 4 h');
  });

  it('never counts backwards when the browser clock is behind the server', () => {
    expect(formatWaiting(since, at(-30))).toBe('waiting 0 s');
  });
});
