import { join } from 'node:path';

import { consoleLogger, createPlatform, loadToolModules, type Platform } from '@agentloom/platform';

import type { WorkerEnvironment } from './env';

/** The worker's one composition root: builds the platform from the validated environment. */
export async function createWorkerContainer(environment: WorkerEnvironment): Promise<{ platform: Platform }> {
  // Tool modules load before the database opens, so a bad path fails fast without touching it.
  const tools = await loadToolModules(environment.AGENTLOOM_TOOL_MODULES);
  const platform = await createPlatform({
    database: { url: environment.DATABASE_URL, migrationsDirectory: environment.AGENTLOOM_MIGRATIONS_DIR },
    adminKeyPath: join(environment.AGENTLOOM_DATA_DIR, 'admin-key'),
    operatorKeyPath: join(environment.AGENTLOOM_DATA_DIR, 'operator-key'),
    tools,
    executor: {
      concurrency: environment.AGENTLOOM_WORKER_CONCURRENCY,
      ...(environment.AGENTLOOM_WORKER_ID ? { owner: environment.AGENTLOOM_WORKER_ID } : {}),
      leaseMs: environment.AGENTLOOM_LEASE_MS,
      heartbeatMs: environment.AGENTLOOM_HEARTBEAT_MS,
      pollMs: environment.AGENTLOOM_POLL_MS,
      recoveryIntervalMs: environment.AGENTLOOM_RECOVERY_INTERVAL_MS,
      toolAbortGraceMs: environment.AGENTLOOM_TOOL_ABORT_GRACE_MS,
      drainTimeoutMs: environment.AGENTLOOM_DRAIN_TIMEOUT_MS,
    },
    outbound: { allowPrivateTargets: [...environment.AGENTLOOM_ALLOW_PRIVATE_TARGETS, ...environment.AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS] },
    mcp: { stdioAllowList: environment.mcpStdioAllowList },
    ...(environment.AGENTLOOM_SECRET_KEY
      ? { secrets: { key: environment.AGENTLOOM_SECRET_KEY, previousKeys: environment.AGENTLOOM_SECRET_KEY_PREVIOUS } }
      : {}),
    bounds: {
      ...(environment.AGENTLOOM_TOOL_OUTPUT_MAX_BYTES ? { toolOutputMaxBytes: environment.AGENTLOOM_TOOL_OUTPUT_MAX_BYTES } : {}),
      ...(environment.AGENTLOOM_THREAD_HISTORY_TOKENS ? { threadHistoryTokens: environment.AGENTLOOM_THREAD_HISTORY_TOKENS } : {}),
      ...(environment.AGENTLOOM_THREAD_HISTORY_RUNS ? { threadHistoryRuns: environment.AGENTLOOM_THREAD_HISTORY_RUNS } : {}),
    },
    memory: { embedder: environment.memoryEmbedder, warmUp: true },
    logger: consoleLogger,
  });
  if (tools.length > 0) consoleLogger.info('Tool modules loaded', { tools: tools.map((tool) => `${tool.name} (${tool.sideEffects})`) });
  return { platform };
}
