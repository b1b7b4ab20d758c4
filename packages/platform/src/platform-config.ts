import type { DatabaseConfig } from '@agentloom/db';
import type { AnyTool, MemoryEmbedderConfig, OutboundPolicyOptions } from '@agentloom/runtime';

import type { CustomScorer } from './evaluations/scoring/custom-scorer';
import type { AuthFailureLimits } from './auth/auth-failure-limiter';
import type { DataBounds } from './execution/data-bounds';
import type { RunExecutorConfig } from './execution/run-executor';
import type { Logger } from './logging/logger';
import type { McpStdioAllowList } from './mcp/mcp-stdio-allow-list';
import type { SchedulerConfig } from './schedules/schedule-config';
import type { SecretKeys } from './secrets/resolve-secret-box';
import type { WebhookConfig } from './webhooks/webhook-config';

/** Everything the platform needs, handed in by an app's composition root. */
export interface PlatformConfig {
  database: DatabaseConfig;
  /** Where the first-start admin key is written (mode 0600); undefined writes none (tests). */
  adminKeyPath?: string;
  /** Where the instance operator key is written when it is created (mode 0600); undefined writes none (tests). */
  operatorKeyPath?: string;
  /** Seed a demo tenant, admin key and demo agents when the database has no tenant. Default true. */
  seedDemoTenant?: boolean;
  /** Platform tools agents may enable by name, in addition to the demo tools. */
  tools?: AnyTool[];
  /**
   * Custom evaluation scorers (ADR 0051), loaded by the app from AGENTLOOM_SCORER_MODULES with
   * `loadScorerModules`; experiments name them as `{ type: 'custom', name }`.
   */
  scorers?: CustomScorer[];
  /** Executor settings; the executor only runs once `platform.executor.start()` is called. */
  executor?: Partial<RunExecutorConfig>;
  logger: Logger;
  /**
   * Memory embedder. Absent: the lexical `hashing-ngram/v1` (cheap, for tests and libraries); the
   * apps pass `use-lite` unless AGENTLOOM_EMBEDDER says otherwise. A local model that is not
   * installed falls back to `hashing-ngram/v1`, with the reason logged and shown on the health page.
   */
  memory?: {
    embedder?: MemoryEmbedderConfig;
    /** Load a local embedding model in the background at start instead of on first use (the apps do). Default false. */
    warmUp?: boolean;
  };
  /** Tool-output cap and thread-history window (defaults: 256 KiB, 4,000 tokens, 50 runs). */
  bounds?: Partial<DataBounds>;
  /** Authentication: failed-attempt limits and session lifetime (defaults in auth-service.ts). */
  auth?: { sessionLifetimeMs?: number; failureLimits?: Partial<AuthFailureLimits> };
  /**
   * Webhook delivery settings. `allowPrivateTargets` is the old, webhook-only spelling of
   * `outbound.allowPrivateTargets`; both lists are merged into the one outbound policy.
   */
  webhooks?: Partial<WebhookConfig>;
  /** Schedule firing (ADR 0043): tick, grace for missed slots, and the clock (tests pass a fake one). Runs with the executor. */
  scheduler?: Partial<SchedulerConfig>;
  /**
   * The one outbound policy for every URL a tenant or operator can set (model and embedder base
   * URLs, webhooks, and the policy tool modules get from `platform.outbound`): private targets the
   * operator allows (`AGENTLOOM_ALLOW_PRIVATE_TARGETS`), and a DNS override for tests.
   */
  outbound?: OutboundPolicyOptions;
  /**
   * MCP servers: the stdio commands tenants may choose from (AGENTLOOM_MCP_STDIO_ALLOW, parsed with
   * `parseMcpStdioAllowList`). Every executor of the fleet needs the same list. HTTP servers need no
   * setting here: their URLs go through `outbound`.
   */
  mcp?: { stdioAllowList?: McpStdioAllowList };
  /**
   * The key sealing stored secrets (model API keys, webhook signing secrets). Absent: embedded mode
   * uses `<dataDirectory>/secret-key` (generated on first start); server mode refuses to start.
   */
  secrets?: SecretKeys;
}
