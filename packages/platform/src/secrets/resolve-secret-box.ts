import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { inMemoryDataDirectory, type DatabaseConfig } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import { SecretBox } from './secret-box';
import { loadOrCreateSecretKeyFile } from './secret-key';

/** The deployment's key for secrets at rest (`AGENTLOOM_SECRET_KEY`), and older keys still accepted while rotating. */
export interface SecretKeys {
  key: Buffer;
  previousKeys?: readonly Buffer[];
}

/**
 * The box that seals stored secrets. With keys given (apps pass `AGENTLOOM_SECRET_KEY`), those.
 * Without: an embedded data directory gets its own key file `<dataDirectory>/secret-key`
 * (generated on first start, mode 0600); an in-memory database a key as short-lived as its data;
 * a Postgres server refuses to start — several processes share it, and a key each process made
 * up for itself would leave them unable to read each other's secrets.
 * @throws DomainError `validation` naming `AGENTLOOM_SECRET_KEY` in server mode without a key.
 */
export async function resolveSecretBox(keys: SecretKeys | undefined, database: DatabaseConfig): Promise<SecretBox> {
  if (keys !== undefined) return new SecretBox(keys.key, keys.previousKeys);
  if (database.url !== undefined) {
    throw new DomainError(
      'validation',
      'AGENTLOOM_SECRET_KEY is not set: with a Postgres server every console and worker must share one key for the stored model keys and webhook secrets (generate one with: openssl rand -base64 32)',
      'AGENTLOOM_SECRET_KEY',
    );
  }
  const dataDirectory = database.dataDirectory ?? '.agentloom';
  if (dataDirectory === inMemoryDataDirectory) return new SecretBox(randomBytes(32));
  return new SecretBox(await loadOrCreateSecretKeyFile(join(dataDirectory, 'secret-key')));
}
