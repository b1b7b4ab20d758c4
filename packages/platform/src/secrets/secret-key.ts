import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import { DomainError } from '../errors/domain-error';

/**
 * Decodes `AGENTLOOM_SECRET_KEY` (base64 of 32 random bytes, e.g. `openssl rand -base64 32`).
 * @throws DomainError `validation` naming the variable when it is not 32 bytes of base64.
 */
export function parseSecretKey(base64: string, variable = 'AGENTLOOM_SECRET_KEY'): Buffer {
  const trimmed = base64.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) || key.length !== 32)
    throw new DomainError('validation', `${variable} must be 32 random bytes in base64 (generate one with: openssl rand -base64 32)`, variable);
  return key;
}

/**
 * The embedded deployment's secret key: read from `path`, or generated there on first start
 * (mode 0600, like the admin key), so a single-process install encrypts its secrets with no setup.
 * The file must be kept with (and backed up like) the data directory: without it the stored model
 * keys and webhook secrets cannot be read.
 */
export async function loadOrCreateSecretKeyFile(path: string): Promise<Buffer> {
  try {
    return parseSecretKey(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: two processes starting at once cannot both write a key; the loser reads the winner's.
    await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseSecretKey(await readFile(path, 'utf8'), path);
    throw error;
  }
  await chmod(path, 0o600);
  return key;
}
