import { fileURLToPath } from 'node:url';

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

const environmentSchema = z.object({
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required: workers share a Postgres server with the console (postgresql://…)' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql:// or postgres://'),
  AGENTLOOM_MIGRATIONS_DIR: z.string().default(`${repositoryRoot}prisma/migrations`),
  AGENTLOOM_WORKER_ID: z.string().min(1).optional(),
  AGENTLOOM_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
  /** How long a claimed run stays ours without a heartbeat; a crashed worker's runs are recovered after it. */
  AGENTLOOM_LEASE_MS: z.coerce.number().int().min(1_000).default(30_000),
  AGENTLOOM_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  /** How often to look for runs whose executor died (expired leases); bounds the recovery delay. */
  AGENTLOOM_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * How long a tool call aborted by a cancel (or a lost lease, or a drain) may take to stop; one that
   * ignores its abort signal longer is abandoned and its ledger row closed `failed` / `abandoned`.
   */
  AGENTLOOM_TOOL_ABORT_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** OTLP/HTTP endpoint for traces (e.g. http://otel-collector:4318); unset disables export. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  AGENTLOOM_DATA_DIR: z.string().default(`${repositoryRoot}.agentloom`),
  /** Comma-separated paths of modules exporting `tools: AnyTool[]`; relative paths resolve against the working directory. */
  AGENTLOOM_TOOL_MODULES: commaSeparatedList,
  /**
   * Comma-separated hosts, addresses or CIDRs webhooks may target although private, as for the
   * console (the worker delivers webhooks too). Unset: loopback, private and metadata targets are refused.
   */
  AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: commaSeparatedList,
});

export type WorkerEnvironment = z.infer<typeof environmentSchema>;

/** Parses the environment or explains, in one line per problem, what to fix. */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): WorkerEnvironment | { errors: string[] } {
  const parsed = environmentSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  return { errors: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}
