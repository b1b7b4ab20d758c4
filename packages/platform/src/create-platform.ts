import { DatabaseError, openDatabase, type Database } from '@agentloom/db';

import { AuthService } from './auth/auth-service';
import { DomainError } from './errors/domain-error';
import { HealthService } from './health/health-service';
import type { PlatformConfig } from './platform-config';
import { seedDemoTenant, type SeedResult } from './seed/seed-demo-tenant';
import { platformVersions } from './versions';

/** The services apps call. Built once per process by the app's composition root. */
export interface Platform {
  database: Database;
  health: HealthService;
  auth: AuthService;
  seed: SeedResult;
  close(): Promise<void>;
}

/**
 * Opens the database (embedded or server), applies migrations, seeds a fresh install and wires the
 * services. A database that cannot be opened becomes one `unavailable` DomainError with a clear line.
 */
export async function createPlatform(config: PlatformConfig): Promise<Platform> {
  const { logger } = config;
  const database = await openDatabaseOrExplain(config);
  logger.info(`Database ready (${database.mode}: ${database.location})`, {
    newlyAppliedMigrations: database.newlyAppliedMigrations,
  });
  if (!database.vector.available && database.vector.fix) logger.warn(database.vector.fix);
  const seed =
    config.seedDemoTenant === false
      ? { seeded: false }
      : await seedDemoTenant(database, config.adminKeyPath, logger);
  if (!seed.seeded && config.adminKeyPath) {
    logger.info(`Sign in with an API key; the first admin key was saved to ${config.adminKeyPath}`);
  }
  return {
    database,
    health: new HealthService(database, platformVersions),
    auth: new AuthService(database.prisma),
    seed,
    close: () => database.close(),
  };
}

async function openDatabaseOrExplain(config: PlatformConfig): Promise<Database> {
  try {
    return await openDatabase(config.database);
  } catch (error) {
    if (error instanceof DatabaseError) {
      const kind = error.kind === 'invalid-config' ? 'validation' : 'unavailable';
      throw new DomainError(kind, error.message);
    }
    throw error;
  }
}
