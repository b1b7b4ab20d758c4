import { activityRouter } from '~/features/activity/server/activity-router';
import { agentsRouter } from '~/features/agents/server/agents-router';
import { apiKeysRouter } from '~/features/api-keys/server/api-keys-router';
import { approvalsRouter } from '~/features/approvals/server/approvals-router';
import { auditRouter } from '~/features/audit/server/audit-router';
import { datasetsRouter } from '~/features/evaluations/server/datasets-router';
import { experimentsRouter } from '~/features/evaluations/server/experiments-router';
import { feedbackRouter } from '~/features/feedback/server/feedback-router';
import { batchesRouter } from '~/features/batches/server/batches-router';
import { concurrencyLimitsRouter } from '~/features/concurrency-limits/server/concurrency-limits-router';
import { budgetsRouter } from '~/features/budgets/server/budgets-router';
import { modelPricesRouter } from '~/features/model-prices/server/model-prices-router';
import { healthRouter } from '~/features/health/server/health-router';
import { mcpServersRouter } from '~/features/mcp-servers/server/mcp-servers-router';
import { memoryRouter } from '~/features/memory/server/memory-router';
import { runEventsRouter } from '~/features/runs/server/run-events-router';
import { checkpointsRouter, runStepsRouter, toolCallsRouter } from '~/features/runs/server/run-inspection-router';
import { runMessagesRouter } from '~/features/runs/server/run-messages-router';
import { runWaitsRouter } from '~/features/runs/server/run-waits-router';
import { runsRouter } from '~/features/runs/server/runs-router';
import { sessionRouter } from '~/features/session/server/session-router';
import { tenantsRouter } from '~/features/tenants/server/tenants-router';
import { threadsRouter } from '~/features/threads/server/threads-router';
import { usageRouter } from '~/features/usage/server/usage-router';
import { schedulesRouter } from '~/features/schedules/server/schedules-router';
import { webhooksRouter } from '~/features/webhooks/server/webhooks-router';
import { createTRPCRouter } from '~/server/trpc/init';

/** Every feature's router, composed once; the client's types come from here. */
export const appRouter = createTRPCRouter({
  health: healthRouter,
  session: sessionRouter,
  activity: activityRouter,
  agents: agentsRouter,
  apiKeys: apiKeysRouter,
  audit: auditRouter,
  usage: usageRouter,
  budgets: budgetsRouter,
  modelPrices: modelPricesRouter,
  runs: runsRouter,
  runEvents: runEventsRouter,
  runMessages: runMessagesRouter,
  runWaits: runWaitsRouter,
  runSteps: runStepsRouter,
  toolCalls: toolCallsRouter,
  checkpoints: checkpointsRouter,
  approvals: approvalsRouter,
  threads: threadsRouter,
  memory: memoryRouter,
  webhooks: webhooksRouter,
  mcpServers: mcpServersRouter,
  tenants: tenantsRouter,
  schedules: schedulesRouter,
  datasets: datasetsRouter,
  experiments: experimentsRouter,
  feedback: feedbackRouter,
  batches: batchesRouter,
  concurrencyLimits: concurrencyLimitsRouter,
});

export type AppRouter = typeof appRouter;
