import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { isSealed, SecretBox, SecretKeyError, secretKeyId } from './secret-box';

describe('SecretBox', () => {
  const key = randomBytes(32);

  it('seals into a versioned envelope naming the key, with a fresh IV each time, and opens it again', () => {
    const box = new SecretBox(key);
    const first = box.seal('sk-live-123');
    const second = box.seal('sk-live-123');
    expect(first).toMatch(new RegExp(`^enc:v1:${secretKeyId(key)}:[\\w-]+:[\\w-]+:[\\w-]+$`));
    expect(first).not.toBe(second);
    expect(first).not.toContain('sk-live-123');
    expect(box.open(first)).toBe('sk-live-123');
    expect(box.open(second)).toBe('sk-live-123');
  });

  it('reads legacy plaintext as is and marks it for resealing', () => {
    const box = new SecretBox(key);
    expect(box.open('whsec_legacy')).toBe('whsec_legacy');
    expect(box.needsResealing('whsec_legacy')).toBe(true);
    expect(box.needsResealing(box.seal('x'))).toBe(false);
    expect(isSealed('whsec_legacy')).toBe(false);
  });

  it('opens envelopes of a previous key during a rotation, and seals only with the current one', () => {
    const oldBox = new SecretBox(key);
    const sealedOld = oldBox.seal('rotate-me');
    const newKey = randomBytes(32);
    const rotating = new SecretBox(newKey, [key]);
    expect(rotating.open(sealedOld)).toBe('rotate-me');
    expect(rotating.needsResealing(sealedOld)).toBe(true);
    expect(rotating.seal('x')).toContain(`enc:v1:${secretKeyId(newKey)}:`);
    expect(() => new SecretBox(newKey).open(sealedOld)).toThrow(SecretKeyError);
  });

  it('refuses a tampered envelope and a key of the wrong size', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('integrity');
    const parts = sealed.split(':');
    const ciphertext = Buffer.from(parts[5]!, 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[5] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(SecretKeyError);
    expect(() => new SecretBox(randomBytes(16))).toThrow(SecretKeyError);
  });

  it('refuses an envelope whose authentication tag was cut short', () => {
    const box = new SecretBox(key);
    const parts = box.seal('integrity').split(':');
    const tag = Buffer.from(parts[4]!, 'base64url');
    expect(tag).toHaveLength(16);
    for (const length of [4, 8, 12, 15]) {
      const shortened = [...parts.slice(0, 4), tag.subarray(0, length).toString('base64url'), parts[5]].join(':');
      expect(() => box.open(shortened)).toThrow(SecretKeyError);
    }
  });
});
