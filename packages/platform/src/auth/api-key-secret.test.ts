import { createHash, randomBytes, scrypt } from 'node:crypto';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { credentialDigest, generateApiKey, hashSecret, hashSecretWithScrypt, parseApiKey, verifySecret } from './api-key-secret';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keyLength: number, options: object) => Promise<Buffer>;

/** A legacy `scrypt$N$r$p$salt$hash` row with the parameters a test chooses. */
async function legacyHash(secret: string, N: number, r = 8, p = 1): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(secret, salt, 32, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const aSecret = 'A'.repeat(43);
const aPrefix = '0123456789ab';

describe('API key format', () => {
  it('generates al_<12 hex>_<43 base64url> keys whose stored hash is the hash of their secret', async () => {
    const first = await generateApiKey();
    const second = await generateApiKey();
    expect(first.plaintext).toMatch(/^al_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(first.plaintext)!;
    expect(parsed.prefix).toBe(first.prefix);
    expect(first.secretHash).toBe(hashSecret(parsed.secret));
    expect(second.prefix).not.toBe(first.prefix);
    expect(second.plaintext).not.toBe(first.plaintext);
  });

  it('parses a key with surrounding whitespace into its prefix and secret', () => {
    expect(parseApiKey(`  al_${aPrefix}_${aSecret}\n`)).toEqual({ prefix: aPrefix, secret: aSecret });
    expect(parseApiKey(`al_${aPrefix}_abc-_${'z'.repeat(38)}`)).toEqual({ prefix: aPrefix, secret: `abc-_${'z'.repeat(38)}` });
  });

  it.each([
    ['empty', ''],
    ['another scheme', `sk_${aPrefix}_${aSecret}`],
    ['text before the key', `xal_${aPrefix}_${aSecret}`],
    ['text after the key', `al_${aPrefix}_${aSecret}x`],
    ['an upper-case prefix', `al_0123456789AB_${aSecret}`],
    ['a short prefix', `al_0123456789a_${aSecret}`],
    ['a long prefix', `al_0123456789abc_${aSecret}`],
    ['a short secret', `al_${aPrefix}_${aSecret.slice(1)}`],
    ['a long secret', `al_${aPrefix}_${aSecret}A`],
    ['standard base64', `al_${aPrefix}_${'A'.repeat(41)}+/`],
    ['padding', `al_${aPrefix}_${'A'.repeat(42)}=`],
    ['a space inside', `al_${aPrefix}_${'A'.repeat(21)} ${'A'.repeat(21)}`],
    ['a newline inside', `al_${aPrefix}\n_${aSecret}`],
  ])('refuses %s', (_case, presented) => {
    expect(parseApiKey(presented)).toBeUndefined();
  });
});

describe('secret hashing', () => {
  it('hashes with SHA-256 into sha256$<base64url>, the same every time', () => {
    // SHA-256("abc"), FIPS 180-2's test vector.
    expect(hashSecret('abc')).toBe('sha256$ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(hashSecret(aSecret)).toBe(hashSecret(aSecret));
    expect(hashSecret(aSecret)).not.toBe(hashSecret(`${aSecret.slice(1)}B`));
  });

  it('digests a credential as hex SHA-256', () => {
    expect(credentialDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('accepts the right secret as current and refuses any other', async () => {
    const stored = hashSecret(aSecret);
    await expect(verifySecret(aSecret, stored)).resolves.toEqual({ valid: true, current: true });
    await expect(verifySecret(`${aSecret.slice(1)}B`, stored)).resolves.toEqual({ valid: false, current: true });
    await expect(verifySecret('', stored)).resolves.toEqual({ valid: false, current: true });
  });

  it('refuses, without throwing, a stored SHA-256 hash of the wrong length', async () => {
    const digest = createHash('sha256').update(aSecret).digest();
    await expect(verifySecret(aSecret, `sha256$${digest.subarray(0, 16).toString('base64url')}`)).resolves.toEqual({ valid: false, current: true });
    await expect(verifySecret(aSecret, `sha256$${Buffer.concat([digest, Buffer.from([0])]).toString('base64url')}`)).resolves.toEqual({
      valid: false,
      current: true,
    });
    await expect(verifySecret(aSecret, 'sha256$')).resolves.toEqual({ valid: false, current: true });
  });
});

describe('legacy scrypt hashes', () => {
  it('accepts the right secret as not current (to be rewritten) and refuses any other', async () => {
    const stored = await hashSecretWithScrypt(aSecret);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifySecret(aSecret, stored)).resolves.toEqual({ valid: true, current: false });
    await expect(verifySecret(`${aSecret.slice(1)}B`, stored)).resolves.toEqual({ valid: false, current: false });
  });

  it('reads the cost parameters from the row', async () => {
    await expect(verifySecret(aSecret, await legacyHash(aSecret, 1024, 4, 2))).resolves.toEqual({ valid: true, current: false });
  });

  it('accepts the largest cost it allows, 2^17', async () => {
    await expect(verifySecret(aSecret, await legacyHash(aSecret, 1 << 17, 2, 1))).resolves.toEqual({ valid: true, current: false });
  });

  it.each([
    ['another algorithm', (hash: string) => hash.replace(/^scrypt/, 'bcrypt')],
    ['a missing hash', (hash: string) => hash.split('$').slice(0, 5).join('$')],
    ['an empty hash', (hash: string) => `${hash.split('$').slice(0, 5).join('$')}$`],
    // Decodes to no bytes: an empty scrypt output would equal any secret's.
    ['a hash of no base64url characters', (hash: string) => `${hash.split('$').slice(0, 5).join('$')}$!!!!`],
    ['an empty salt', (hash: string) => hash.split('$').map((part, index) => (index === 4 ? '' : part)).join('$')],
    ['an empty r', (hash: string) => hash.split('$').map((part, index) => (index === 2 ? '' : part)).join('$')],
    ['an empty p', (hash: string) => hash.split('$').map((part, index) => (index === 3 ? '' : part)).join('$')],
    ['an empty N', (hash: string) => hash.split('$').map((part, index) => (index === 1 ? '' : part)).join('$')],
    ['a fractional N', (hash: string) => hash.replace(/^scrypt\$16384/, 'scrypt$16384.5')],
    ['an N above 2^17, which would exhaust memory', (hash: string) => hash.replace(/^scrypt\$16384/, `scrypt$${1 << 18}`)],
    ['a bare prefix', () => 'scrypt$'],
    ['plain text', () => aSecret],
  ])('refuses a row with %s', async (_case, tamper) => {
    const stored = tamper(await hashSecretWithScrypt(aSecret));
    await expect(verifySecret(aSecret, stored)).resolves.toEqual({ valid: false, current: false });
  });
});
