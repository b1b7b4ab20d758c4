import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** A freshly generated key: `al_<prefix>_<secret>`. Only `prefix` and the hash are stored. */
export interface GeneratedApiKey {
  plaintext: string;
  prefix: string;
  secretHash: string;
}

// Async for the callers' sake: key generation used to hash with scrypt (see docs/adr on key hashing).
export function generateApiKey(): Promise<GeneratedApiKey> {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return Promise.resolve({ plaintext: `al_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) });
}

/** Splits a presented key into its lookup prefix and secret; undefined when it is not our format. */
export function parseApiKey(plaintext: string): { prefix: string; secret: string } | undefined {
  const match = /^al_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/.exec(plaintext.trim());
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

/**
 * SHA-256 of the secret, `sha256$<base64url>`. The secret is 256 random bits, so nobody can search
 * for a preimage of the stored hash and a slow, salted hash would only make every request (and
 * every attacker's failed attempt) cost tens of milliseconds of CPU; ADR 'api-key-hashing' has the
 * reasoning.
 */
export function hashSecret(secret: string): string {
  return `sha256$${sha256(secret).toString('base64url')}`;
}

/**
 * Whether `secret` matches the stored hash. `current: false` means it matched a hash of the old
 * scrypt format, which the caller rewrites with `hashSecret` so the slow path runs once per key.
 */
export async function verifySecret(secret: string, stored: string): Promise<{ valid: boolean; current: boolean }> {
  if (stored.startsWith('sha256$')) {
    const expected = Buffer.from(stored.slice('sha256$'.length), 'base64url');
    const actual = sha256(secret);
    return { valid: expected.length === actual.length && timingSafeEqual(actual, expected), current: true };
  }
  return { valid: await verifyLegacyScrypt(secret, stored), current: false };
}

/** Hex SHA-256 of any credential, for lookups and cache keys (never the credential itself). */
export function credentialDigest(credential: string): string {
  return sha256(credential).toString('hex');
}

/** The scrypt format every key had before 0.2: `scrypt$N$r$p$salt$hash`. */
async function verifyLegacyScrypt(secret: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const N = Number(n);
  // Parameters come from our own rows; the bound only keeps a tampered row from exhausting memory.
  if (!Number.isInteger(N) || N > 1 << 17 || expected.length === 0) return false;
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, { N, r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 });
  return timingSafeEqual(actual, expected);
}

/** The legacy format, kept so tests can create a key as versions before 0.2 stored it. */
export async function hashSecretWithScrypt(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 16384;
  const hash = await scrypt(secret, salt, 32, { N, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
