import type { DatabaseMode } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';

import { createPlatform, type Platform } from '../create-platform';
import type { PlatformConfig } from '../platform-config';
import type { Logger } from '../logging/logger';

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The secret key every test platform seals its stored secrets with (tests may build their own SecretBox from it). */
export const testSecretKey: Buffer = Buffer.from('agentloom-test-secret-key-32-b!!', 'utf8');

export interface TestPlatform {
  platform: Platform;
  /** The seeded admin key's plaintext. */
  adminKey: string;
  /** The instance operator key created at start. */
  operatorKey: string;
  dispose(): Promise<void>;
}

/** A platform on a fresh database in the given mode, seeded, for integration tests. */
export async function createTestPlatform(
  mode: DatabaseMode,
  logger: Logger = silentLogger,
  extra: Pick<PlatformConfig, 'tools' | 'scorers' | 'executor' | 'webhooks' | 'auth' | 'bounds' | 'outbound' | 'memory' | 'secrets' | 'mcp' | 'scheduler'> = {},
): Promise<TestPlatform> {
  const database = await createTestDatabaseConfig(mode);
  const platform = await createPlatform({ database: database.config, logger, secrets: { key: testSecretKey }, ...extra });
  const adminKey = platform.seed.adminKey;
  const operatorKey = platform.operatorKey.operatorKey;
  if (!adminKey || !operatorKey) throw new Error('The test platform was not seeded');
  return {
    platform,
    adminKey,
    operatorKey,
    dispose: async () => {
      await platform.close();
      await database.dispose();
    },
  };
}
