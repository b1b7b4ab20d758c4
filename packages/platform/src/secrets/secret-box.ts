import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** Stored secrets start with this; anything else is a legacy plaintext value (read as is until resealed). */
const envelopePrefix = 'enc:v1:';
const keyBytes = 32;
const ivBytes = 12;
// GCM accepts tags cut down to 4 bytes unless told the length, and a 4-byte tag is forged in about
// 2^32 tries instead of 2^128: every envelope carries, and must carry, the full 16 bytes.
const tagBytes = 16;

/** A secret that cannot be opened: wrong or missing key, or a tampered envelope. */
export class SecretKeyError extends Error {
  override readonly name = 'SecretKeyError';
}

/**
 * Encrypts stored secrets (model API keys, webhook signing secrets) with AES-256-GCM under the
 * deployment's secret key. Envelope: `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>` (base64url parts),
 * where `keyId` is a fingerprint of the key, so during a rotation the old key can still open what
 * it sealed while everything new is sealed with the current one.
 */
export class SecretBox {
  /** Fingerprint of the key new secrets are sealed with. */
  readonly currentKeyId: string;
  private readonly keys = new Map<string, Buffer>();

  /** `previous` keys only open secrets (rotation); `current` opens and seals. */
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== keyBytes) throw new SecretKeyError(`A secret key must be ${keyBytes} bytes; got ${key.length}`);
      this.keys.set(secretKeyId(key), key);
    }
    this.currentKeyId = secretKeyId(current);
  }

  /** Seals a secret with the current key (a fresh random IV each time). */
  seal(plaintext: string): string {
    const key = this.keys.get(this.currentKeyId)!;
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${envelopePrefix}${this.currentKeyId}:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
  }

  /**
   * The plaintext of a stored value: an envelope is decrypted (with whichever configured key sealed
   * it); a legacy plaintext value is returned unchanged.
   * @throws SecretKeyError when the key that sealed it is not configured or the envelope was altered.
   */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    // base64url has no ':', so a whole envelope is exactly four parts.
    const parts = stored.slice(envelopePrefix.length).split(':');
    if (parts.length !== 4) throw new SecretKeyError('A stored secret is not a whole envelope (enc:v1:<keyId>:<iv>:<tag>:<ciphertext>): it was cut or altered');
    const [keyId, iv, tag, ciphertext] = parts as [string, string, string, string];
    const key = this.keys.get(keyId);
    if (key === undefined)
      throw new SecretKeyError(`A stored secret was sealed with key ${keyId}, which is not configured (AGENTLOOM_SECRET_KEY, or --from-key while rotating)`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: tagBytes });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyError(`A stored secret sealed with key ${keyId} failed authentication (altered, or a different key with the same fingerprint)`);
    }
  }

  /**
   * A stand-in for a secret where a digest must tell secrets apart without being able to confirm a
   * guess: HMAC-SHA256 under a key derived from the current key (`fp:<hex>`). A plain hash of a
   * weak key ("ollama", "changeme") is checked offline in one try per guess by anyone who can read
   * it; this one only by someone who also holds the deployment's secret key. Equal secrets give equal
   * fingerprints under one key; a key rotation changes every fingerprint.
   */
  fingerprint(plaintext: string): string {
    const key = this.keys.get(this.currentKeyId)!;
    const fingerprintKey = createHmac('sha256', key).update('agentloom/secret-fingerprint/v1').digest();
    return `fp:${createHmac('sha256', fingerprintKey).update(plaintext, 'utf8').digest('hex')}`;
  }

  /** True when the value is plaintext or sealed with an older key: the reseal pass rewrites it. */
  needsResealing(stored: string): boolean {
    return !isSealed(stored) || !stored.startsWith(`${envelopePrefix}${this.currentKeyId}:`);
  }
}

/** True for an `enc:v1:` envelope. */
export function isSealed(value: string): boolean {
  return value.startsWith(envelopePrefix);
}

/** A short, non-secret fingerprint of a key (first 8 bytes of a domain-separated SHA-256, hex). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('agentloom-secret-key/v1\0').update(key).digest('hex').slice(0, 16);
}
