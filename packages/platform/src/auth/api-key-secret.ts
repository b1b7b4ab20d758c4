import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

// Interactive-login strength; an API key has 256 random bits, so scrypt here mainly protects
// against an offline attacker holding a database copy, not against guessing.
const scryptParameters = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

/** A freshly generated key: `al_<prefix>_<secret>`. Only `prefix` and the hash are stored. */
export interface GeneratedApiKey {
  plaintext: string;
  prefix: string;
  secretHash: string;
}

export async function generateApiKey(): Promise<GeneratedApiKey> {
  const prefix = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { plaintext: `al_${prefix}_${secret}`, prefix, secretHash: await hashSecret(secret) };
}

/** Splits a presented key into its lookup prefix and secret; undefined when it is not our format. */
export function parseApiKey(plaintext: string): { prefix: string; secret: string } | undefined {
  const match = /^al_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/.exec(plaintext.trim());
  return match ? { prefix: match[1]!, secret: match[2]! } : undefined;
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, keyLength, scryptParameters);
  const { N, r, p } = scryptParameters;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}
