import type { DatabaseConfig } from '@agentloom/db';
import type { AnyTool, EmbedderConfig } from '@agentloom/runtime';

import type { AuthFailureLimits } from './auth/auth-failure-limiter';
import type { RunExecutorConfig } from './execution/run-executor';
import type { Logger } from './logging/logger';
import type { WebhookConfig } from './webhooks/webhook-config';

/** Everything the platform needs, handed in by an app's composition root. */
export interface PlatformConfig {
  database: DatabaseConfig;
  /** Where the first-start admin key is written (mode 0600); undefined writes none (tests). */
  adminKeyPath?: string;
  /** Seed a demo tenant, admin key and demo agents when the database has no tenant. Default true. */
  seedDemoTenant?: boolean;
  /** Platform tools agents may enable by name, in addition to the demo tools. */
  tools?: AnyTool[];
  /** Executor settings; the executor only runs once `platform.executor.start()` is called. */
  executor?: Partial<RunExecutorConfig>;
  logger: Logger;
  /** Memory embedder; absent uses the offline `hashing-ngram/v1` embedder (lexical, no network). */
  memory?: { embedder?: EmbedderConfig };
  /** Webhook delivery settings; the SSRF guard refuses private targets unless listed in `allowPrivateTargets`. */
  webhooks?: Partial<WebhookConfig>;
  /** Authentication: failed-attempt limits and session lifetime (defaults in auth-service.ts). */
  auth?: { sessionLifetimeMs?: number; failureLimits?: Partial<AuthFailureLimits> };
}
