import { describe, expect, it } from 'vitest';
import { heartbeatMs, resumeAfterSeq } from './event-stream-parameters';

const request = (query = '', headers: Record<string, string> = {}) => new Request(`http://console.test/api/v1/runs/x/events${query}`, { headers });

describe('resumeAfterSeq', () => {
  it('prefers the Last-Event-ID header, then ?lastEventId, then ?afterSeq, else 0', () => {
    expect(resumeAfterSeq(request('?lastEventId=3&afterSeq=4', { 'Last-Event-ID': '7' }))).toBe(7);
    expect(resumeAfterSeq(request('?lastEventId=3&afterSeq=4'))).toBe(3);
    expect(resumeAfterSeq(request('?afterSeq=4'))).toBe(4);
    expect(resumeAfterSeq(request())).toBe(0);
  });

  it('names the parameter that is not a sequence number', () => {
    expect(() => resumeAfterSeq(request('', { 'Last-Event-ID': 'abc' }))).toThrow(expect.objectContaining({ kind: 'validation', field: 'Last-Event-ID' }));
  });

  it('refuses a sequence number past Postgres integer before the stream starts (the replay query would fail after the 200)', () => {
    expect(resumeAfterSeq(request('', { 'Last-Event-ID': '2147483647' }))).toBe(2_147_483_647);
    expect(() => resumeAfterSeq(request('', { 'Last-Event-ID': '99999999999' }))).toThrow(expect.objectContaining({ kind: 'validation', field: 'Last-Event-ID' }));
    expect(() => resumeAfterSeq(request('?lastEventId=2147483648'))).toThrow(expect.objectContaining({ kind: 'validation', field: 'lastEventId' }));
    expect(() => resumeAfterSeq(request(`?afterSeq=${'9'.repeat(40)}`))).toThrow(expect.objectContaining({ kind: 'validation', field: 'afterSeq' }));
  });
});

describe('heartbeatMs', () => {
  it('defaults to 15 s and clamps what a client asks for', () => {
    expect(heartbeatMs(request())).toBe(15_000);
    expect(heartbeatMs(request('?heartbeatMs=1'))).toBe(100);
    expect(heartbeatMs(request('?heartbeatMs=999999'))).toBe(60_000);
  });
});
