import path from 'node:path';
import { z } from 'zod';
import { findRepositoryRoot } from '~/server/repository-root';

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'must start with postgresql:// or postgres://');

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const environmentSchema = z.object({
  /** Postgres server to use; unset means the embedded database in AGENTLOOM_DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyToUndefined, postgresUrl.optional()),
  AGENTLOOM_DATA_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  AGENTLOOM_MIGRATIONS_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  /** Marks the session cookie `Secure`; turn on whenever the console is served over HTTPS. */
  AGENTLOOM_SECURE_COOKIES: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
  /** When set, /api/metrics requires `Authorization: Bearer <token>`. */
  AGENTLOOM_METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /** OTLP/HTTP endpoint for traces (e.g. http://otel-collector:4318); unset disables export. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Run queued runs in this process (default). Turn off when dedicated workers do all the work. */
  AGENTLOOM_EXECUTOR: z.preprocess(emptyToUndefined, booleanFlag.default(true)),
  AGENTLOOM_EXECUTOR_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(256).default(4)),
  /** How long a cancelled (or otherwise aborted) tool call may take to stop before it is abandoned. */
  AGENTLOOM_TOOL_ABORT_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).default(5_000)),
  /** Requests per minute each API key (or console session) may make, refilled continuously. */
  AGENTLOOM_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
  /** Requests a key may make at once before the per-minute rate applies. */
  AGENTLOOM_RATE_LIMIT_BURST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(120)),
  /**
   * Comma-separated hosts, addresses or CIDRs webhooks may target although private (e.g. an
   * internal receiver, `10.1.2.0/24`). Unset: loopback, private and metadata targets are refused.
   */
  AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: z.preprocess(emptyToUndefined, z.string().optional()),
});

export interface ConsoleEnvironment {
  databaseUrl: string | undefined;
  dataDirectory: string;
  migrationsDirectory: string;
  port: number;
  secureCookies: boolean;
  executor: { enabled: boolean; concurrency: number; toolAbortGraceMs: number };
  telemetryEndpoint: string | undefined;
  metricsToken: string | undefined;
  rateLimit: { perMinute: number; burst: number };
  webhooks: { allowPrivateTargets: string[] };
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
  const repositoryRoot = findRepositoryRoot();
  return {
    databaseUrl: values.DATABASE_URL,
    dataDirectory: path.resolve(/*turbopackIgnore: true*/ repositoryRoot, values.AGENTLOOM_DATA_DIR ?? '.agentloom'),
    migrationsDirectory: path.resolve(/*turbopackIgnore: true*/ repositoryRoot, values.AGENTLOOM_MIGRATIONS_DIR ?? 'prisma/migrations'),
    port: values.PORT,
    secureCookies: values.AGENTLOOM_SECURE_COOKIES,
    executor: { enabled: values.AGENTLOOM_EXECUTOR, concurrency: values.AGENTLOOM_EXECUTOR_CONCURRENCY, toolAbortGraceMs: values.AGENTLOOM_TOOL_ABORT_GRACE_MS },
    telemetryEndpoint: values.OTEL_EXPORTER_OTLP_ENDPOINT,
    metricsToken: values.AGENTLOOM_METRICS_TOKEN,
    rateLimit: { perMinute: values.AGENTLOOM_RATE_LIMIT_PER_MINUTE, burst: values.AGENTLOOM_RATE_LIMIT_BURST },
    webhooks: { allowPrivateTargets: splitList(values.AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS) },
  };
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
