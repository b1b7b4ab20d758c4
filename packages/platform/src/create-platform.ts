import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

import { DatabaseError, openDatabase, type Database } from '@agentloom/db';

import { AgentService } from './agents/agent-service';
import { ApprovalService } from './approvals/approval-service';
import { WaitService } from './waits/wait-service';
import { AuditService } from './audit/audit-service';
import { ApiKeyService } from './auth/api-key-service';
import { AuthService, defaultAuthConfig } from './auth/auth-service';
import { DomainError } from './errors/domain-error';
import { RunEventHub } from './events/run-event-hub';
import { defaultRunEventWatchersConfig, RunEventWatchers } from './events/run-event-watchers';
import { sharedRunEventReads } from './events/shared-run-event-reader';
import { defaultDataBounds } from './execution/data-bounds';
import { EngineRunProcessor } from './execution/engine/engine-run-processor';
import { defaultExecutorConfig, RunExecutor } from './execution/run-executor';
import { HealthService } from './health/health-service';
import { CheckpointService } from './inspection/checkpoint-service';
import { RunSearchService } from './inspection/run-search-service';
import { RunStepDetailService } from './inspection/run-step-detail-service';
import { RunStepFinder } from './inspection/run-step-finder';
import { RunStepService } from './inspection/run-step-service';
import { TenantActivityService } from './inspection/tenant-activity-service';
import { ToolCallService } from './inspection/tool-call-service';
import { dropSeriesOfErasedTenants } from './metrics/erased-tenant-series';
import { PlatformMetrics } from './metrics/platform-metrics';
import type { PlatformConfig } from './platform-config';
import { RunEventService } from './runs/run-event-service';
import { RunMessageService } from './runs/run-message-service';
import { RunService } from './runs/run-service';
import { logAdminKeyLocation, seedDemoTenant, type SeedResult } from './seed/seed-demo-tenant';
import { ensureOperatorKey, type OperatorKeyBootstrap } from './operator/operator-keys';
import { TenantService } from './tenants/tenant-service';
import { demoTools } from './tools/demo-tools';
import { ToolCatalog } from './tools/tool-catalog';
import { platformVersions } from './versions';
import { createGuardedFetch, OutboundPolicy, OutboundRefusedError, selectEmbedder } from '@agentloom/runtime';
import { EraseService } from './erase/erase-service';
import { MemoryMaintenance } from './memory/memory-maintenance';
import { MemoryService } from './memory/memory-service';
import { PrismaMemoryPort } from './memory/prisma-memory-port';
import { ThreadService } from './threads/thread-service';
import { defaultWebhookConfig } from './webhooks/webhook-config';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookService } from './webhooks/webhook-service';
import { WebhookTargetGuard } from './webhooks/webhook-target-guard';
import { UsageService } from './usage/usage-service';
import { BudgetService } from './budgets/budget-service';
import { ModelPriceService } from './model-prices/model-price-service';
import { PrismaBudgetGuard } from './budgets/prisma-budget-guard';
import { defaultSchedulerConfig } from './schedules/schedule-config';
import { ScheduleService } from './schedules/schedule-service';
import { BatchService } from './batches/batch-service';
import { ConcurrencyLimitService } from './concurrency-limits/concurrency-limit-service';
import { Scheduler } from './schedules/scheduler';
import { ModelConnector } from './outbound/model-connector';
import { resealStoredSecrets } from './secrets/reseal-stored-secrets';
import { resolveSecretBox } from './secrets/resolve-secret-box';
import { McpAgentTools } from './mcp/mcp-agent-tools';
import { McpConnector } from './mcp/mcp-connector';
import { McpServerService } from './mcp/mcp-server-service';
import { DatasetService } from './evaluations/dataset-service';
import { ExperimentService } from './evaluations/experiment-service';
import { FeedbackService } from './feedback/feedback-service';
import { DatasetCurationService } from './evaluations/dataset-curation-service';

/** The services apps call. Built once per process by the app's composition root. */
export interface Platform {
  database: Database;
  health: HealthService;
  auth: AuthService;
  runs: RunService;
  runEvents: RunEventService;
  runMessages: RunMessageService;
  approvals: ApprovalService;
  /** Durable waits: deliver external events to runs parked in wait_for_event; a run's waits. */
  waits: WaitService;
  /** Admin-only: create, list and revoke the tenant's API keys. */
  apiKeys: ApiKeyService;
  /** The tenant's agents and their immutable versions: read, create, save a version, archive. */
  agents: AgentService;
  /** Runs, tokens, cost and tool calls per agent and per day. */
  usage: UsageService;
  budgets: BudgetService;
  /** The tenant's model price table (ADR 0057). */
  modelPrices: ModelPriceService;
  /** Admin-only: the tenant's audit log, filtered and paginated. */
  audit: AuditService;
  /** Run inspection: steps for the timeline, the tool-call ledger, retained checkpoints. */
  runSteps: RunStepService;
  /** Run investigation: one step in full, steps matching filters, text search across a run. */
  runStepDetails: RunStepDetailService;
  runStepFinder: RunStepFinder;
  runSearch: RunSearchService;
  toolCalls: ToolCallService;
  checkpoints: CheckpointService;
  /** Which runs of a tenant just changed, and their rows: what live lists patch themselves from (ADR 0064). */
  activity: TenantActivityService;
  tools: ToolCatalog;
  /** Claims and runs queued runs; call `start()` in processes that should execute runs. */
  executor: RunExecutor;
  metrics: PlatformMetrics;
  seed: SeedResult;
  /** The instance operator key, when this start created it (a fresh install or an upgrade). */
  operatorKey: OperatorKeyBootstrap;
  /** Instance operator only: create, list, suspend, resume, erase tenants; their settings and first admin key. */
  tenants: TenantService;
  /** Conversations runs may continue (create, list, rename, archive, messages across runs). */
  threads: ThreadService;
  /** Long-term memory: search, store, list, pin, forget. */
  memory: MemoryService;
  /** Erase a run, a thread or the tenant, with a receipt. */
  erase: EraseService;
  /** The memory port the engine uses (also for tools such as the re-embed command). */
  memoryPort: PrismaMemoryPort;
  /** Webhook endpoints and their delivery log (admin); deliveries are sent by the executor's process. */
  webhooks: WebhookService;
  /** Admin-only: the tenant's MCP servers (stdio from the operator allow-list, Streamable HTTP), and "connect and list tools". */
  mcpServers: McpServerService;
  /** The tenant's cron and interval schedules (ADR 0043); slots are fired by `scheduler`, started with the executor. */
  schedules: ScheduleService;
  /** Batches of runs with a concurrency cap, progress, cancel, retry of failed items and export (ADR 0049). */
  batches: BatchService;
  /** Tenant and agent concurrency limits the claim enforces (ADR 0049, 0056): any role reads, admins set. */
  concurrencyLimits: ConcurrencyLimitService;
  /** Fires due schedule slots; runs beside the executor (`executor.start()`), or call `tick()` yourself. */
  scheduler: Scheduler;
  /** The deployment's one outbound policy (hand it to HTTP tools and MCP servers you build). */
  outbound: OutboundPolicy;
  /** Named, versioned datasets of replayable cases recorded from runs or imported (ADR 0048). */
  datasets: DatasetService;
  /** A dataset replayed against an agent version on the executor, scored per case, compared with a baseline. */
  experiments: ExperimentService;
  /** Outcomes and rewards on runs and steps (append-only), aggregated per agent version (ADR 0051). */
  feedback: FeedbackService;
  /** Console edits of datasets: case expected output and labels, case deletion, runs by filter, a dataset's experiments. */
  datasetCuration: DatasetCurationService;
  close(): Promise<void>;
}

/**
 * Opens the database (embedded or server), applies migrations, seeds a fresh install and wires the
 * services. A database that cannot be opened becomes one `unavailable` DomainError with a clear line.
 */
export async function createPlatform(config: PlatformConfig): Promise<Platform> {
  const { logger } = config;
  // Before the database: a server deployment without its secret key fails here, with one line.
  const secrets = await resolveSecretBox(config.secrets, config.database);
  const outbound = new OutboundPolicy({
    ...config.outbound,
    allowPrivateTargets: [...(config.outbound?.allowPrivateTargets ?? []), ...(config.webhooks?.allowPrivateTargets ?? [])],
  });
  const embedderConfig = config.memory?.embedder;
  if (embedderConfig && 'baseURL' in embedderConfig && embedderConfig.baseURL !== undefined) checkEmbedderUrl(outbound, embedderConfig.baseURL);
  const providerFetch = createGuardedFetch(outbound);
  const models = new ModelConnector(providerFetch, secrets);
  const database = await openDatabaseOrExplain(config);
  logger.info(`Database ready (${database.mode}: ${database.location})`, { newlyAppliedMigrations: database.newlyAppliedMigrations });
  if (!database.vector.available && database.vector.fix) logger.warn(database.vector.fix);
  // Secrets written before encryption at rest (or under a previous key) are sealed with the current key.
  const resealed = await resealStoredSecrets(database, secrets, { strict: false });
  if (resealed.agentVersions + resealed.webhookEndpoints > 0) logger.info('Sealed stored secrets with the current secret key', { ...resealed });
  if (resealed.unreadable > 0)
    logger.warn(
      `${resealed.unreadable} stored secret(s) were sealed with a key this process was not given (AGENTLOOM_SECRET_KEY / AGENTLOOM_SECRET_KEY_PREVIOUS)`,
    );
  const seed = config.seedDemoTenant === false ? { seeded: false } : await seedDemoTenant(database, config.adminKeyPath, logger);
  if (!seed.seeded && config.adminKeyPath) logAdminKeyLocation(config.adminKeyPath, logger);
  const operatorKey = await ensureOperatorKey(database, config.operatorKeyPath, logger);

  // Writers notify run events only for runs a process tails (ADR 0038); each refresh reads every tail once more.
  const runEventWatchers = new RunEventWatchers(database.statements, logger, defaultRunEventWatchersConfig, (goneRunIds) => hub.readEveryTail(goneRunIds));
  const hub = new RunEventHub(database.notifications, sharedRunEventReads(database.statements), runEventWatchers);
  await hub.start();
  const tools = new ToolCatalog([...demoTools, ...(config.tools ?? [])]);
  let executorState = () => ({ active: 0, concurrency: 0 });
  const metrics = new PlatformMetrics(database, () => executorState());
  const stopDroppingErasedTenants = await dropSeriesOfErasedTenants(database, metrics, logger);
  const embedder = selectEmbedder(embedderConfig, {
    fetch: providerFetch,
    onFallback: (reason) => logger.warn(`${reason}; memory search uses the lexical hashing-ngram/v1 embedder (no paraphrase recall)`),
  });
  logger.info(`Memory embedder: ${embedder.embedder.id} (${embedder.embedder.dimension} dimensions, ${embedder.semantic ? 'semantic' : 'lexical'})`);
  const memoryPort = new PrismaMemoryPort(database, { embedder: embedder.embedder });
  if (config.memory?.warmUp && embedder.loadState().state === 'not-loaded') {
    // Off the event loop (the model loads on its worker thread); start is not held up, and the first
    // memory_store or injection does not pay the load.
    embedder.embedder.embed(['warm-up']).then(
      () => logger.info(`Memory embedder ${embedder.embedder.id} loaded`),
      (error: unknown) => logger.warn(`Memory embedder ${embedder.embedder.id} failed to load: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  const mcpConnector = new McpConnector(outbound, secrets, config.mcp?.stdioAllowList ?? {});
  const mcpAgentTools = new McpAgentTools(database, mcpConnector);
  const erase = new EraseService(database, logger, hub);
  const maintenance = new MemoryMaintenance(database, memoryPort, erase, logger, models);
  const processor = new EngineRunProcessor(
    database,
    tools,
    logger,
    models,
    {
      stepCommitted: (outcome, seconds) => metrics.observeStep(outcome, seconds),
      toolCallFinished: (tool, status, seconds) => metrics.observeToolCall(tool, status, seconds),
      stepPersisted: (agent, usage, checkpointBytes) => metrics.observeStepCommit(agent, usage, checkpointBytes),
      runFinished: (status, messages) => metrics.observeRunFinished(status, messages),
      historySeeded: (tokens) => metrics.observeHistorySeeded(tokens),
    },
    memoryPort,
    { toolAbortGraceMs: config.executor?.toolAbortGraceMs ?? defaultExecutorConfig.toolAbortGraceMs, budget: new PrismaBudgetGuard(database.sql) },
    { ...defaultDataBounds, ...config.bounds },
    mcpAgentTools,
  );
  const webhookConfig = { ...defaultWebhookConfig, ...config.webhooks };
  const webhookGuard = new WebhookTargetGuard(outbound);
  const schedulerConfig = { ...defaultSchedulerConfig, ...config.scheduler };
  // The scheduler wakes this process's executor (built below; only called once both exist) after it queued runs.
  const scheduler = new Scheduler(database, schedulerConfig, logger, () => executor.wake());
  const executorOwner = config.executor?.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const webhookDispatcher = new WebhookDispatcher(database, webhookGuard, webhookConfig, executorOwner, logger, secrets);
  const executor = new RunExecutor(
    database,
    processor,
    logger,
    // The executor advertises its catalog in every claim: it never takes a run that needs a tool it lacks.
    { ...config.executor, owner: executorOwner, toolNames: tools.names() },
    {
      runClaimed: (run) => {
        if (run.queuedSeconds !== undefined) metrics.observeClaim(run.queuedSeconds);
      },
      runsRecovered: (runs) => metrics.observeRecoveries(runs.map((run) => run.outcome)),
      sweep: () => maintenance.sweep(),
    },
    [webhookDispatcher, scheduler],
  );
  executorState = () => ({ active: executor.activeRuns, concurrency: executor.concurrency });
  const datasets = new DatasetService(database);
  const runs = new RunService(
    database,
    () => executor.wake(),
    (status) => metrics.observeRunFinished(status),
  );
  const activity = new TenantActivityService(database, logger, runEventWatchers);
  const auth = new AuthService(database, logger, {
    ...defaultAuthConfig,
    ...config.auth,
    failureLimits: { ...defaultAuthConfig.failureLimits, ...config.auth?.failureLimits },
  });
  await auth.start();
  return {
    database,
    health: new HealthService(database, platformVersions, embedder),
    auth,
    runs,
    runEvents: new RunEventService(database, hub),
    runMessages: new RunMessageService(database),
    approvals: new ApprovalService(database, () => executor.wake(), tools),
    waits: new WaitService(database, () => executor.wake()),
    apiKeys: new ApiKeyService(database),
    agents: new AgentService(database, tools, { policy: outbound, secrets }, mcpAgentTools),
    usage: new UsageService(database),
    budgets: new BudgetService(database),
    modelPrices: new ModelPriceService(database),
    audit: new AuditService(database),
    runSteps: new RunStepService(database),
    runStepDetails: new RunStepDetailService(database),
    runStepFinder: new RunStepFinder(database),
    runSearch: new RunSearchService(database),
    toolCalls: new ToolCallService(database),
    checkpoints: new CheckpointService(database),
    activity,
    tools,
    executor,
    metrics,
    seed,
    operatorKey,
    tenants: new TenantService(database, erase),
    threads: new ThreadService(database),
    memory: new MemoryService(database, memoryPort),
    erase,
    memoryPort,
    webhooks: new WebhookService(database, webhookGuard, secrets),
    mcpServers: new McpServerService(database, mcpConnector, outbound, secrets),
    schedules: new ScheduleService(database, schedulerConfig.clock),
    batches: new BatchService(database),
    concurrencyLimits: new ConcurrencyLimitService(database),
    scheduler,
    outbound,
    datasets,
    experiments: new ExperimentService(database, () => executor.wake(), {
      models,
      customScorers: new Map((config.scorers ?? []).map((scorer) => [scorer.name, scorer])),
    }),
    feedback: new FeedbackService(database),
    datasetCuration: new DatasetCurationService(database, datasets, runs),
    close: async () => {
      await executor.stop();
      await maintenance.stop();
      await activity.stop();
      await auth.stop();
      await hub.stop();
      await stopDroppingErasedTenants();
      await embedder.embedder.close?.();
      await database.close();
    },
  };
}

/** The embedder is configured by the operator at start: its URL must pass the policy's checks that need no DNS. */
function checkEmbedderUrl(outbound: OutboundPolicy, baseURL: string): void {
  try {
    outbound.checkUrl(baseURL);
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw new DomainError('validation', `memory.embedder.baseURL: ${error.message}`, 'memory.embedder.baseURL');
    throw error;
  }
}

async function openDatabaseOrExplain(config: PlatformConfig): Promise<Database> {
  try {
    return await openDatabase(config.database, {
      // PGlite's checkpoints and statistics (ADR 0060, 0090): a failed tick is retried at the next one.
      onMaintenanceError: (error) =>
        config.logger.warn('Embedded database maintenance failed; the next tick tries again', { error: error instanceof Error ? error.message : String(error) }),
    });
  } catch (error) {
    if (error instanceof DatabaseError) {
      const kind = error.kind === 'invalid-config' ? 'validation' : 'unavailable';
      throw new DomainError(kind, error.message);
    }
    throw error;
  }
}
