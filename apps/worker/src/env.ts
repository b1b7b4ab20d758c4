import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { isDomainError, maximumTimerMs, parseEmbedderSetting, parseMcpStdioAllowList, timerTooLong, type McpStdioAllowList } from '@agentloom/platform';
import type { MemoryEmbedderConfig } from '@agentloom/runtime';
import { z } from 'zod';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The worker's whole configuration, validated once at start. The worker needs a Postgres server:
 * embedded PGlite lives inside one process (the console's), so a second process cannot share it.
 */
const commaSeparatedList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0),
  );

/** 32 random bytes in base64 (`openssl rand -base64 32`). */
const secretKey = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be 32 random bytes in base64 (openssl rand -base64 32)')
  .transform((value) => Buffer.from(value, 'base64'));

/**
 * A scrape presents the token as `Authorization: Bearer <token>`, which cannot carry whitespace: the
 * newline `kubectl create secret --from-file` leaves is trimmed (Prometheus trims its
 * credentials_file too), and a token with whitespace inside is refused rather than started with a
 * token no scrape could ever present. The console reads AGENTLOOM_METRICS_TOKEN by the same rule.
 */
const metricsToken = z.string().trim().min(16).regex(/^\S+$/, 'must not contain spaces or other whitespace (a bearer token cannot carry them)');

const environmentSchema = z.object({
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required: workers share a Postgres server with the console (postgresql://…)' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql:// or postgres://'),
  AGENTLOOM_MIGRATIONS_DIR: z.string().default(`${repositoryRoot}prisma/migrations`),
  AGENTLOOM_WORKER_ID: z.string().min(1).optional(),
  AGENTLOOM_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** Port of the probe server (`/healthz` liveness, `/readyz` readiness); unset: no server. */
  AGENTLOOM_WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** How long a claimed run stays ours without a heartbeat; a crashed worker's runs are recovered after it. */
  AGENTLOOM_LEASE_MS: z.coerce.number().int().min(1_000).max(maximumTimerMs, timerTooLong).default(30_000),
  AGENTLOOM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(maximumTimerMs, timerTooLong).default(5_000),
  /** Fallback polling for queued runs when no notification arrives. */
  AGENTLOOM_POLL_MS: z.coerce.number().int().min(50).max(maximumTimerMs, timerTooLong).default(1_000),
  /** How often to look for runs whose executor died (expired leases); bounds the recovery delay. */
  AGENTLOOM_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).max(maximumTimerMs, timerTooLong).default(5_000),
  /**
   * How long a tool call aborted by a cancel (or a lost lease, or a drain) may take to stop; one that
   * ignores its abort signal longer is abandoned and its ledger row closed `failed` / `abandoned`.
   */
  AGENTLOOM_TOOL_ABORT_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * How long a stopping worker (SIGTERM) lets held runs finish their current step; runs still held
   * then are given back to the queue and resume from their last checkpoint (ADR 0108). Keep it below
   * the supervisor's grace period (Kubernetes terminationGracePeriodSeconds) with room to spare.
   */
  AGENTLOOM_DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /** OTLP/HTTP endpoint for traces (e.g. http://otel-collector:4318); unset disables export. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** Port of the worker's Prometheus endpoint (`GET /metrics`); unset: none. Each worker counts its own work (ADR 0046). */
  AGENTLOOM_METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Bearer token for the metrics endpoint; unset: open, without agent and tool labels (as the console's). */
  AGENTLOOM_METRICS_TOKEN: metricsToken.optional(),
  AGENTLOOM_DATA_DIR: z.string().default(`${repositoryRoot}.agentloom`),
  /**
   * Comma-separated paths of modules exporting `tools: AnyTool[]`; relative paths resolve against
   * the repository root, as in the console, which loads the same list (one catalog for the fleet).
   */
  AGENTLOOM_TOOL_MODULES: commaSeparatedList.transform((paths) => paths.map((modulePath) => resolve(repositoryRoot, modulePath))),
  /**
   * Comma-separated hosts, addresses or CIDRs that outbound requests (model and embedder base URLs,
   * webhooks) may reach although private, as for the console. Unset: loopback, private, link-local
   * and metadata targets are refused.
   */
  AGENTLOOM_ALLOW_PRIVATE_TARGETS: commaSeparatedList,
  /** The older, webhook-only name of AGENTLOOM_ALLOW_PRIVATE_TARGETS; still read, and merged into it. */
  AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: commaSeparatedList,
  /**
   * The stdio MCP servers tenants may use, as for the console (the same list on every process of the
   * fleet): a JSON object of name → { command, args?, cwd?, env? }. Unset: no stdio servers.
   */
  AGENTLOOM_MCP_STDIO_ALLOW: z.string().optional(),
  /** Bytes of a tool call's output the model sees and the ledger stores (longer output is cut with a note); default 256 KiB. */
  AGENTLOOM_TOOL_OUTPUT_MAX_BYTES: z.coerce.number().int().min(1_024).max(64 * 1024 * 1024).optional(),
  /** Estimated tokens of earlier turns, summary included, a new run on a thread starts with; default 4,000. */
  AGENTLOOM_THREAD_HISTORY_TOKENS: z.coerce.number().int().min(100).max(1_000_000).optional(),
  /** Earlier runs of a thread read to build that window (older ones are only counted); default 50. */
  AGENTLOOM_THREAD_HISTORY_RUNS: z.coerce.number().int().min(1).max(10_000).optional(),
  /**
   * The key sealing stored secrets, shared with every console and worker on the database. Checked
   * here for shape; when absent the platform refuses to start with one line (a worker is always on
   * a Postgres server).
   */
  AGENTLOOM_SECRET_KEY: z.preprocess((value) => (value === '' ? undefined : value), secretKey.optional()),
  /** Comma-separated older keys still accepted for reading while secrets are rotated. */
  AGENTLOOM_SECRET_KEY_PREVIOUS: commaSeparatedList.pipe(z.array(secretKey)),
  /** Memory embedder, as for the console (README, memory section): `use-lite` (default), `hashing`, `transformers`, `openai:<model>`, `openai-compatible:<model>`. */
  AGENTLOOM_EMBEDDER: z.string().optional(),
  AGENTLOOM_EMBEDDER_DIMENSION: z.string().optional(),
  AGENTLOOM_EMBEDDER_BASE_URL: z.string().optional(),
  AGENTLOOM_EMBEDDER_API_KEY: z.string().optional(),
  AGENTLOOM_EMBEDDER_MODEL_DIR: z.string().optional(),
});

/** Every variable the worker reads (the README's environment table must list each; its test checks). */
export const workerEnvironmentVariables = Object.keys(environmentSchema.shape);

type ParsedEnvironment = z.infer<typeof environmentSchema>;

/** Settings valid one by one that cannot work together; one line each, naming both variables. */
function conflictsBetween(values: ParsedEnvironment): string[] {
  const conflicts: string[] = [];
  // A heartbeat at or past the lease lets every lease expire before it is renewed: another executor
  // recovers each run as attempt + 1 until its attempts are exhausted.
  if (values.AGENTLOOM_HEARTBEAT_MS >= values.AGENTLOOM_LEASE_MS) {
    conflicts.push(
      `AGENTLOOM_HEARTBEAT_MS: must be below AGENTLOOM_LEASE_MS (${values.AGENTLOOM_HEARTBEAT_MS} ≥ ${values.AGENTLOOM_LEASE_MS}); keep it well below, e.g. a sixth of the lease`,
    );
  }
  // Two servers cannot listen on one port; refused here, before the database is opened.
  if (values.AGENTLOOM_METRICS_PORT !== undefined && values.AGENTLOOM_METRICS_PORT === values.AGENTLOOM_WORKER_HEALTH_PORT) {
    conflicts.push(`AGENTLOOM_METRICS_PORT: must differ from AGENTLOOM_WORKER_HEALTH_PORT (both are ${values.AGENTLOOM_METRICS_PORT})`);
  }
  return conflicts;
}

/** The validated variables plus the memory embedder they select (the same rules as the console's). */
export type WorkerEnvironment = ParsedEnvironment & { memoryEmbedder: MemoryEmbedderConfig; mcpStdioAllowList: McpStdioAllowList };

function memoryEmbedderFrom(values: ParsedEnvironment): MemoryEmbedderConfig {
  const blank = (value: string | undefined) => (value === '' ? undefined : value);
  return parseEmbedderSetting({
    embedder: blank(values.AGENTLOOM_EMBEDDER),
    dimension: blank(values.AGENTLOOM_EMBEDDER_DIMENSION),
    baseUrl: blank(values.AGENTLOOM_EMBEDDER_BASE_URL),
    apiKey: blank(values.AGENTLOOM_EMBEDDER_API_KEY),
    modelDirectory: blank(values.AGENTLOOM_EMBEDDER_MODEL_DIR) && resolve(repositoryRoot, values.AGENTLOOM_EMBEDDER_MODEL_DIR!),
  });
}

/**
 * An empty variable means "use the default", as in the console (its `emptyToUndefined`): one fleet
 * ConfigMap or compose file with `AGENTLOOM_LEASE_MS=""` must configure both alike.
 */
function withoutEmptyValues(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
}

/** Parses the environment or explains, in one line per problem, what to fix. */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): WorkerEnvironment | { errors: string[] } {
  const parsed = environmentSchema.safeParse(withoutEmptyValues(source));
  if (parsed.success) {
    const conflicts = conflictsBetween(parsed.data);
    if (conflicts.length > 0) return { errors: conflicts };
    try {
      const mcpStdioAllowList = parseMcpStdioAllowList(parsed.data.AGENTLOOM_MCP_STDIO_ALLOW);
      return { ...parsed.data, memoryEmbedder: memoryEmbedderFrom(parsed.data), mcpStdioAllowList };
    } catch (error) {
      if (isDomainError(error)) return { errors: [error.field === 'AGENTLOOM_MCP_STDIO_ALLOW' ? error.message : `${error.field ?? 'AGENTLOOM_EMBEDDER'}: ${error.message}`] };
      throw error;
    }
  }
  return { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}
