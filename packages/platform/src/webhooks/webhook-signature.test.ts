import { describe, expect, it } from 'vitest';

import { generateWebhookSecret, signWebhookBody, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec_test-secret';
const body = '{"id":"run:7","type":"run.completed","data":{"runId":"run"}}';
const now = 1_800_000_000;

describe('webhook signatures', () => {
  it('verifies a signature made with the same secret, body and a fresh timestamp', () => {
    const header = signWebhookBody(secret, body, now);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 10)).toBe(true);
  });

  it('fails for a tampered body, another secret, a changed timestamp or a tampered signature', () => {
    const header = signWebhookBody(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body.replace('run.completed', 'run.failed'), 300, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', header, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, header.replace(`t=${now}`, `t=${now + 1}`), body, 300, now)).toBe(false);
    const flipped = header.slice(0, -1) + (header.endsWith('0') ? '1' : '0');
    expect(verifyWebhookSignature(secret, flipped, body, 300, now)).toBe(false);
  });

  it('fails once the timestamp is outside the tolerance, in either direction (replay)', () => {
    const header = signWebhookBody(secret, body, now);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now - 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, now + 300)).toBe(true);
  });

  it('accepts any matching v1 among several (secret rotation) and rejects malformed headers', () => {
    const valid = signWebhookBody(secret, body, now);
    const rotated = `t=${now},v1=${'0'.repeat(64)},${valid.split(',')[1]!}`;
    expect(verifyWebhookSignature(secret, rotated, body, 300, now)).toBe(true);
    for (const header of [null, undefined, '', 'garbage', `t=${now}`, `v1=${'a'.repeat(64)}`, `t=abc,v1=${'a'.repeat(64)}`, `t=${now},v1=xyz`]) {
      expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
    }
  });

  it('generates distinct, recognisable secrets', () => {
    const first = generateWebhookSecret();
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(first);
  });

  it('reads the header in any order and with spaces after the commas', () => {
    const signature = signWebhookBody(secret, body, now).split(',')[1]!;
    expect(verifyWebhookSignature(secret, `${signature},t=${now}`, body, 300, now)).toBe(true);
    expect(verifyWebhookSignature(secret, `t=${now}, ${signature}`, body, 300, now)).toBe(true);
  });

  it('takes a signature only from v1, and only as exactly 64 hex digits', () => {
    const digits = signWebhookBody(secret, body, now).split('v1=')[1]!;
    expect(verifyWebhookSignature(secret, `t=${now},v0=${digits}`, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `t=${now},v1=${digits.toUpperCase()}`, body, 300, now)).toBe(true);
    // Buffer.from(…, 'hex') stops at the first non-hex digit: trailing text would otherwise verify, and
    // leading text would decode to nothing and make the comparison throw.
    expect(verifyWebhookSignature(secret, `t=${now},v1=${digits}00`, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `t=${now},v1=${digits}zz`, body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, `t=${now},v1=zz${digits}`, body, 300, now)).toBe(false);
  });

  it('takes the timestamp only as whole seconds in digits', () => {
    const signature = signWebhookBody(secret, body, now).split(',')[1]!;
    for (const timestamp of [`${now}.0`, `+${now}`, `x${now}`, `${now}x`, ` ${now}`, '1'.repeat(13)]) {
      expect(verifyWebhookSignature(secret, `t=${timestamp},${signature}`, body, 300, now)).toBe(false);
    }
  });

  it('checks the timestamp against the clock when no time is given', () => {
    const header = signWebhookBody(secret, body, Math.floor(Date.now() / 1000));
    expect(verifyWebhookSignature(secret, header, body)).toBe(true);
    expect(verifyWebhookSignature(secret, signWebhookBody(secret, body, now), body)).toBe(false);
  });
});

