import type { DatabaseConfig } from '@agentloom/db';

import type { Logger } from './logging/logger';

/** Everything the platform needs, handed in by an app's composition root. */
export interface PlatformConfig {
  database: DatabaseConfig;
  /** Where the first-start admin key is written (mode 0600); undefined writes none (tests). */
  adminKeyPath?: string;
  /** Seed a demo tenant, admin key and demo agents when the database has no tenant. Default true. */
  seedDemoTenant?: boolean;
  logger: Logger;
}
