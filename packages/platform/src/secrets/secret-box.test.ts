import { createHash, randomBytes } from 'node:crypto';
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
    expect(() => new SecretBox(newKey).open(sealedOld)).toThrow(
      new SecretKeyError(`A stored secret was sealed with key ${secretKeyId(key)}, which is not configured (AGENTLOOM_SECRET_KEY, or --from-key while rotating)`),
    );
  });

  it('fingerprints a key the same way in every version, or envelopes stored earlier would name no configured key', () => {
    expect(secretKeyId(Buffer.alloc(32))).toBe('0c4391c9b2b44f44');
    expect(secretKeyId(Buffer.alloc(32, 1))).toBe('c564e6c3d78ad018');
  });

  it('fingerprints a secret by an HMAC under the current key: stable, distinct per secret and per key, not a plain hash', () => {
    const box = new SecretBox(Buffer.alloc(32));
    // Pinned: a stored config hash made with it must be made again the same way by every version.
    expect(box.fingerprint('ollama')).toBe('fp:3cc4c1ba59139dd1224a8b54fb1aef5d7abb213f7a197d98e214dac93df7914e');
    expect(box.fingerprint('ollama')).toBe(new SecretBox(Buffer.alloc(32), [Buffer.alloc(32, 2)]).fingerprint('ollama'));
    expect(box.fingerprint('ollama2')).not.toBe(box.fingerprint('ollama'));
    expect(new SecretBox(Buffer.alloc(32, 1)).fingerprint('ollama')).not.toBe(box.fingerprint('ollama'));
    // The current key decides: after a rotation, a previous key no longer does.
    expect(new SecretBox(Buffer.alloc(32, 1), [Buffer.alloc(32)]).fingerprint('ollama')).toBe(new SecretBox(Buffer.alloc(32, 1)).fingerprint('ollama'));
    expect(box.fingerprint('ollama')).not.toContain(createHash('sha256').update('ollama').digest('hex'));
  });

  it('refuses an envelope with a part missing or one too many, saying it was cut or altered', () => {
    const box = new SecretBox(key);
    const parts = box.seal('whole').split(':');
    const refusal = new SecretKeyError('A stored secret is not a whole envelope (enc:v1:<keyId>:<iv>:<tag>:<ciphertext>): it was cut or altered');
    for (let kept = 3; kept < parts.length; kept += 1) expect(() => box.open(parts.slice(0, kept).join(':'))).toThrow(refusal);
    expect(() => box.open(`${parts.join(':')}:extra`)).toThrow(refusal);
  });

  it('names the key when authentication fails, and what may have happened', () => {
    const box = new SecretBox(key);
    const parts = box.seal('integrity').split(':');
    parts[3] = Buffer.alloc(12).toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(
      new SecretKeyError(`A stored secret sealed with key ${secretKeyId(key)} failed authentication (altered, or a different key with the same fingerprint)`),
    );
  });

  it('refuses a tampered envelope and a key of the wrong size', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('integrity');
    const parts = sealed.split(':');
    const ciphertext = Buffer.from(parts[5]!, 'base64url');
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    parts[5] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow(SecretKeyError);
    expect(() => new SecretBox(randomBytes(16))).toThrow(new SecretKeyError('A secret key must be 32 bytes; got 16'));
    expect(() => new SecretBox(key, [randomBytes(31)])).toThrow(new SecretKeyError('A secret key must be 32 bytes; got 31'));
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
