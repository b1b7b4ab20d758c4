import path from 'node:path';
import { isDomainError, maximumTimerMs, parseEmbedderSetting, parseMcpStdioAllowList, timerTooLong, type McpStdioAllowList } from '@agentloom/platform';
import type { MemoryEmbedderConfig } from '@agentloom/runtime';
import { z } from 'zod';
import { findRepositoryRoot } from '~/server/repository-root';

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'must start with postgresql:// or postgres://');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

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
 * token no scrape could ever present. Workers read AGENTLOOM_METRICS_TOKEN by the same rule.
 */
const metricsToken = z.string().trim().min(16).regex(/^\S+$/, 'must not contain spaces or other whitespace (a bearer token cannot carry them)');

const environmentSchema = z.object({
  /** Postgres server to use; unset means the embedded database in AGENTLOOM_DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyToUndefined, postgresUrl.optional()),
  AGENTLOOM_DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_MIGRATIONS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  /** Marks the session cookie `Secure`; turn on whenever the console is served over HTTPS. */
  AGENTLOOM_SECURE_COOKIES: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
  /**
   * /api/metrics requires `Authorization: Bearer <token>` with this token. Unset: the endpoint answers
   * only process-wide numbers with no tenant or agent labels (see docs/adr on exposure).
   */
  AGENTLOOM_METRICS_TOKEN: z.preprocess(emptyToUndefined, metricsToken.optional()),
  /** Failed authentications (API key, session or sign-in) one client address may make per window before 429. */
  AGENTLOOM_AUTH_FAILURES_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(30)),
  /** Failed authentications on one existing API key (by prefix, from any address) per window before 429. */
  AGENTLOOM_AUTH_FAILURES_PER_KEY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(10)),
  /** Length of the failed-authentication window in seconds. */
  AGENTLOOM_AUTH_FAILURE_WINDOW_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(60)),
  /** OTLP/HTTP endpoint for traces (e.g. http://otel-collector:4318); unset disables export. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Run queued runs in this process (default). Turn off when dedicated workers do all the work. */
  AGENTLOOM_EXECUTOR: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
  AGENTLOOM_EXECUTOR_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).default(4)),
  /** The executor settings the worker reads too (same names, same defaults), so one file configures the fleet. */
  AGENTLOOM_LEASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1_000).max(maximumTimerMs, timerTooLong).default(30_000)),
  AGENTLOOM_HEARTBEAT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(maximumTimerMs, timerTooLong).default(5_000)),
  AGENTLOOM_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(50).max(maximumTimerMs, timerTooLong).default(1_000)),
  AGENTLOOM_RECOVERY_INTERVAL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(maximumTimerMs, timerTooLong).default(5_000)),
  /** How long a cancelled (or otherwise aborted) tool call may take to stop before it is abandoned. */
  AGENTLOOM_TOOL_ABORT_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).default(5_000)),
  /** How long a stopping executor lets held runs finish their step before giving them back to the queue (ADR 0108). */
  AGENTLOOM_DRAIN_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3_600_000).default(10_000)),
  /**
   * Comma-separated paths of modules exporting `tools: AnyTool[]`, loaded by the console and every
   * worker alike (relative paths against the repository root): one tool catalog for the fleet.
   */
  AGENTLOOM_TOOL_MODULES: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Comma-separated paths of modules exporting `scorers` (defineScorer from @agentloom/platform):
   * custom evaluation scorers experiments name as `{ type: 'custom', name }` (ADR 0051). Scoring
   * happens in the console, so only the console loads them.
   */
  AGENTLOOM_SCORER_MODULES: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Requests per minute each API key (or console session) may make, refilled continuously. */
  AGENTLOOM_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
  /** Requests a key may make at once before the per-minute rate applies. */
  AGENTLOOM_RATE_LIMIT_BURST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(120)),
  /**
   * Event streams (SSE, tRPC subscriptions) one API key (or console session) may hold open at once.
   * Streams take no tokens from the request rate limit; this bounds them instead.
   */
  AGENTLOOM_STREAMS_PER_KEY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1_000)),
  /**
   * Comma-separated hosts, addresses or CIDRs that outbound requests may reach although private:
   * model and embedder base URLs, webhooks (e.g. a local Ollama `127.0.0.1`, `10.1.2.0/24`). Unset:
   * loopback, private, link-local and metadata targets are refused, in every spelling.
   */
  AGENTLOOM_ALLOW_PRIVATE_TARGETS: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The older, webhook-only name of AGENTLOOM_ALLOW_PRIVATE_TARGETS; still read, and merged into it. */
  AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * The stdio MCP servers tenants may use: a JSON object of name → { command, args?, cwd?, env? }.
   * Tenants choose an entry by name and never write a command; unset: no stdio servers.
   */
  AGENTLOOM_MCP_STDIO_ALLOW: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Bytes of a tool call's output the model sees and the ledger stores (longer output is cut with a note); default 256 KiB. */
  AGENTLOOM_TOOL_OUTPUT_MAX_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1_024).max(64 * 1024 * 1024).optional()),
  /** Estimated tokens of earlier turns, summary included, a new run on a thread starts with; default 4,000. */
  AGENTLOOM_THREAD_HISTORY_TOKENS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(1_000_000).optional()),
  /** Earlier runs of a thread read to build that window (older ones are only counted); default 50. */
  AGENTLOOM_THREAD_HISTORY_RUNS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
  /**
   * Base64 of 32 random bytes sealing stored secrets (model API keys, webhook signing secrets).
   * Unset: the embedded database uses `<data dir>/secret-key`, generated on first start; a Postgres
   * server (DATABASE_URL) refuses to start, since every process must share the key.
   */
  AGENTLOOM_SECRET_KEY: z.preprocess(emptyToUndefined, secretKey.optional()),
  /** Comma-separated older keys still accepted for reading while secrets are rotated. */
  AGENTLOOM_SECRET_KEY_PREVIOUS: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * Memory embedder: `use-lite` (default: semantic, offline, from the optional npm packages; falls
   * back to `hashing` with a logged reason when they are missing), `hashing` (lexical),
   * `transformers` (an ONNX model directory, AGENTLOOM_EMBEDDER_MODEL_DIR), `openai:<model>` or
   * `openai-compatible:<model>` (AGENTLOOM_EMBEDDER_DIMENSION, AGENTLOOM_EMBEDDER_BASE_URL,
   * AGENTLOOM_EMBEDDER_API_KEY). After a change, run `npm run memory:reembed`.
   */
  AGENTLOOM_EMBEDDER: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_EMBEDDER_DIMENSION: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_EMBEDDER_BASE_URL: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_EMBEDDER_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_EMBEDDER_MODEL_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
});

export interface ConsoleEnvironment {
  databaseUrl: string | undefined;
  dataDirectory: string;
  migrationsDirectory: string;
  port: number;
  secureCookies: boolean;
  executor: { enabled: boolean; concurrency: number; leaseMs: number; heartbeatMs: number; pollMs: number; recoveryIntervalMs: number; toolAbortGraceMs: number; drainTimeoutMs: number };
  /** Absolute paths of the tool modules to load (AGENTLOOM_TOOL_MODULES). */
  toolModules: string[];
  /** Absolute paths of the custom scorer modules to load (AGENTLOOM_SCORER_MODULES). */
  scorerModules: string[];
  telemetryEndpoint: string | undefined;
  metricsToken: string | undefined;
  rateLimit: { perMinute: number; burst: number };
  /** Concurrent event streams per key (AGENTLOOM_STREAMS_PER_KEY). */
  streams: { perKey: number };
  auth: { failureLimits: { perAddress: number; perKey: number; windowSeconds: number } };
  /** Private targets the one outbound policy allows (both variable names merged). */
  outbound: { allowPrivateTargets: string[] };
  /** MCP stdio commands tenants may choose (AGENTLOOM_MCP_STDIO_ALLOW). */
  mcp: { stdioAllowList: McpStdioAllowList };
  /** Undefined: the platform uses the embedded data directory's key file (server mode refuses). */
  secrets: { key: Buffer; previousKeys: Buffer[] } | undefined;
  /** Data bounds for runs this console executes; absent fields keep the platform defaults. */
  bounds: { toolOutputMaxBytes?: number; threadHistoryTokens?: number; threadHistoryRuns?: number };
  /** The memory embedder the platform builds (AGENTLOOM_EMBEDDER*; `use-lite` when unset). */
  memoryEmbedder: MemoryEmbedderConfig;
}

/** Raised when the process environment is unusable; its message is one line naming the variable. */
export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
}

let parsedEnvironment: ConsoleEnvironment | undefined;

/**
 * The console's validated configuration. Parsed on first use rather than at import time, so that
 * `next build` (which imports server modules) never depends on runtime variables.
 */
export function getEnvironment(): ConsoleEnvironment {
  parsedEnvironment ??= parseEnvironment(process.env);
  return parsedEnvironment;
}

export function parseEnvironment(source: NodeJS.ProcessEnv): ConsoleEnvironment {
  const result = environmentSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new InvalidEnvironmentError(`Invalid ${variable}: ${issue?.message ?? 'invalid value'}.`);
  }
  const values = result.data;
  // A heartbeat at or past the lease lets every lease expire before it is renewed: another executor
  // recovers each run as attempt + 1 until its attempts are exhausted (the worker refuses it alike).
  if (values.AGENTLOOM_HEARTBEAT_MS >= values.AGENTLOOM_LEASE_MS) {
    throw new InvalidEnvironmentError(
      `Invalid AGENTLOOM_HEARTBEAT_MS: must be below AGENTLOOM_LEASE_MS (${values.AGENTLOOM_HEARTBEAT_MS} ≥ ${values.AGENTLOOM_LEASE_MS}); keep it well below, e.g. a sixth of the lease.`,
    );
  }
  const repositoryRoot = findRepositoryRoot();
  return {
    databaseUrl: values.DATABASE_URL,
    dataDirectory: path.resolve(/*turbopackIgnore: true*/ repositoryRoot, values.AGENTLOOM_DATA_DIR ?? '.agentloom'),
    migrationsDirectory: path.resolve(/*turbopackIgnore: true*/ repositoryRoot, values.AGENTLOOM_MIGRATIONS_DIR ?? 'prisma/migrations'),
    port: values.PORT,
    secureCookies: values.AGENTLOOM_SECURE_COOKIES,
    executor: {
      enabled: values.AGENTLOOM_EXECUTOR,
      concurrency: values.AGENTLOOM_EXECUTOR_CONCURRENCY,
      leaseMs: values.AGENTLOOM_LEASE_MS,
      heartbeatMs: values.AGENTLOOM_HEARTBEAT_MS,
      pollMs: values.AGENTLOOM_POLL_MS,
      recoveryIntervalMs: values.AGENTLOOM_RECOVERY_INTERVAL_MS,
      toolAbortGraceMs: values.AGENTLOOM_TOOL_ABORT_GRACE_MS,
      drainTimeoutMs: values.AGENTLOOM_DRAIN_TIMEOUT_MS,
    },
    toolModules: splitList(values.AGENTLOOM_TOOL_MODULES).map((modulePath) => path.resolve(/*turbopackIgnore: true*/ repositoryRoot, modulePath)),
    scorerModules: splitList(values.AGENTLOOM_SCORER_MODULES).map((modulePath) => path.resolve(/*turbopackIgnore: true*/ repositoryRoot, modulePath)),
    telemetryEndpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT,
    metricsToken: values.AGENTLOOM_METRICS_TOKEN,
    rateLimit: { perMinute: values.AGENTLOOM_RATE_LIMIT_PER_MINUTE, burst: values.AGENTLOOM_RATE_LIMIT_BURST },
    streams: { perKey: values.AGENTLOOM_STREAMS_PER_KEY },
    auth: {
      failureLimits: {
        perAddress: values.AGENTLOOM_AUTH_FAILURES_PER_ADDRESS,
        perKey: values.AGENTLOOM_AUTH_FAILURES_PER_KEY,
        windowSeconds: values.AGENTLOOM_AUTH_FAILURE_WINDOW_SECONDS,
      },
    },
    outbound: { allowPrivateTargets: [...splitList(values.AGENTLOOM_ALLOW_PRIVATE_TARGETS), ...splitList(values.AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS)] },
    mcp: { stdioAllowList: mcpStdioAllowListFrom(values.AGENTLOOM_MCP_STDIO_ALLOW) },
    secrets: values.AGENTLOOM_SECRET_KEY ? { key: values.AGENTLOOM_SECRET_KEY, previousKeys: previousSecretKeys(values.AGENTLOOM_SECRET_KEY_PREVIOUS) } : undefined,
    bounds: {
      ...(values.AGENTLOOM_TOOL_OUTPUT_MAX_BYTES ? { toolOutputMaxBytes: values.AGENTLOOM_TOOL_OUTPUT_MAX_BYTES } : {}),
      ...(values.AGENTLOOM_THREAD_HISTORY_TOKENS ? { threadHistoryTokens: values.AGENTLOOM_THREAD_HISTORY_TOKENS } : {}),
      ...(values.AGENTLOOM_THREAD_HISTORY_RUNS ? { threadHistoryRuns: values.AGENTLOOM_THREAD_HISTORY_RUNS } : {}),
    },
    memoryEmbedder: memoryEmbedderFrom(values, repositoryRoot),
  };
}

function mcpStdioAllowListFrom(text: string | undefined): McpStdioAllowList {
  try {
    return parseMcpStdioAllowList(text);
  } catch (error) {
    if (isDomainError(error)) throw new InvalidEnvironmentError(`Invalid ${error.message}.`);
    throw error;
  }
}

function memoryEmbedderFrom(values: z.infer<typeof environmentSchema>, repositoryRoot: string): MemoryEmbedderConfig {
  try {
    return parseEmbedderSetting({
      embedder: values.AGENTLOOM_EMBEDDER,
      dimension: values.AGENTLOOM_EMBEDDER_DIMENSION,
      baseUrl: values.AGENTLOOM_EMBEDDER_BASE_URL,
      apiKey: values.AGENTLOOM_EMBEDDER_API_KEY,
      modelDirectory: values.AGENTLOOM_EMBEDDER_MODEL_DIR && path.resolve(/*turbopackIgnore: true*/ repositoryRoot, values.AGENTLOOM_EMBEDDER_MODEL_DIR),
    });
  } catch (error) {
    if (isDomainError(error)) throw new InvalidEnvironmentError(`Invalid ${error.field ?? 'AGENTLOOM_EMBEDDER'}: ${error.message}.`);
    throw error;
  }
}

function previousSecretKeys(value: string | undefined): Buffer[] {
  return splitList(value).map((entry, index) => {
    const parsed = secretKey.safeParse(entry);
    if (!parsed.success) throw new InvalidEnvironmentError(`Invalid AGENTLOOM_SECRET_KEY_PREVIOUS: entry ${index + 1} must be 32 random bytes in base64.`);
    return parsed.data;
  });
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function emptyToUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}
