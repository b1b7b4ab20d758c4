export { createPlatform, type Platform } from './create-platform';
export type { PlatformConfig } from './platform-config';
export { defaultDataBounds, type DataBounds } from './execution/data-bounds';
export { DomainError, isDomainError, type DomainErrorKind } from './errors/domain-error';
export { DatabaseUnavailableError, domainErrorOf, ModelUnavailableError, unavailableRetryAfterSeconds } from './errors/domain-error-of';
export { assertJsonDepth, assertStorableText, findUnstorableText, unstorableTextProblem, type UnstorableText } from './validation/unstorable-text';
export { databaseIntegerRange, databaseIntegerSchema, isDatabaseInteger } from './validation/database-integer.schema';
export { roles, roleAtLeast, type Role, type Principal, type RequestOrigin } from './auth/roles';
export type { HealthReport } from './health/health-report';
export { consoleLogger, type Logger } from './logging/logger';
export { keepServingOnUnhandledRejection, unhandledRejectionMessage } from './logging/unhandled-rejection-net';
export { ignoreClosedOutput } from './logging/closed-output';
export { generateApiKey, parseApiKey } from './auth/api-key-secret';
export { AuthenticationThrottledError } from './auth/authentication-throttled-error';
export { defaultAuthConfig, type AuthenticationContext, type OperatorSignedIn, type SignedIn } from './auth/auth-service';
export { defaultAuthFailureLimits, type AuthFailureLimits } from './auth/auth-failure-limiter';
export type { RunView } from './runs/run-view';
export { runStatuses, terminalRunStatuses, type RunStatus, type CreateRunInput, type ListRunsInput } from './runs/run.schema';
export { createRunInputSchema, listRunsInputSchema, runIdInputSchema } from './runs/run.schema';
export { compareRunsInputSchema, type CompareRunsInput, type ComparedRun, type RunComparison, type RunUsageDifference } from './runs/compare-runs';
export type { AlignedPair, ComparedStep, ComparedToolCall } from './runs/run-comparison';
export { rerunRunInputSchema, retryRunInputSchema, type RerunRunInput, type RetryRunInput } from './runs/run-repeat.schema';
export { forkRunInputSchema, type ForkRunInput } from './runs/fork-run.schema';
export type { BulkDecisionOutcome } from './approvals/approval-service';
export { WaitService } from './waits/wait-service';
export type { EventDeliveryView, RunWaitView } from './waits/wait-view';
export { deliverEventInputSchema, listRunWaitsInputSchema, maxEventPayloadBytes } from './waits/wait.schema';
export { approvalInputExcerptLength, type ApprovalView } from './approvals/approval-view';
export { decideApprovalInputSchema, decideApprovalsInputSchema, listApprovalsInputSchema, maximumBulkDecisions, type ListApprovalsInput } from './approvals/approval.schema';
export type { StoredRunEvent } from './events/run-event';
export type { RunEventStreamItem } from './events/stream-run-events';
export { RunEventStreamOverflowError } from './events/stream-run-events';
export { agentVersionConfigSchema, type AgentVersionConfig, type AgentVersionConfigInput } from './agents/agent-version-config';
export { RunExecutor, defaultExecutorConfig, type RunExecutorConfig } from './execution/run-executor';
export { maximumTimerMs, timerTooLong } from './execution/timer-bounds';
export type { RunMessageView } from './runs/run-message-service';
export { ApiKeyService, createApiKeyInputSchema, type ApiKeyView, type CreatedApiKey } from './auth/api-key-service';
export { AgentService, listAgentsInputSchema, type AgentSummaryView, type ListAgentsInput } from './agents/agent-service';
export {
  agentIdInputSchema,
  agentVersionInputSchema,
  createAgentInputSchema,
  saveAgentVersionInputSchema,
  type AgentIdInput,
  type AgentVersionInput,
  type CreateAgentInput,
  type SaveAgentVersionInput,
} from './agents/agent.schema';
export type { AgentDetailView, AgentVersionSummaryView, AgentVersionView, SavedAgentVersion } from './agents/agent-views';
export { redactedSecret } from './agents/agent-config-secrets';
export { builtinToolOptions } from './agents/builtin-tool-options';
export { loadToolModules, ToolModuleError } from './tools/load-tool-modules';
export { UsageService } from './usage/usage-service';
export { BudgetService } from './budgets/budget-service';
export { ModelPriceService } from './model-prices/model-price-service';
export { removeModelPriceInputSchema, setModelPriceInputSchema, type RemoveModelPriceInput, type SetModelPriceInput } from './model-prices/model-price.schema';
export type { ModelPriceView } from './model-prices/model-price-view';
export type { RunBudgetPause } from './runs/run-view';
export { PrismaBudgetGuard } from './budgets/prisma-budget-guard';
export { budgetPeriods, removeBudgetInputSchema, resumeBudgetPauseInputSchema, runBudgetSchema, setBudgetInputSchema, type BudgetPeriod, type RemoveBudgetInput, type SetBudgetInput } from './budgets/budget.schema';
export type { AgentBudgetsView, BudgetSubjectView, BudgetsOverview, BudgetView } from './budgets/budget-view';
export { usageSummaryInputSchema, maximumUsageDays, type UsageSummaryInput } from './usage/usage.schema';
export type { AgentUsageView, DailyUsageView, UsageSummaryView } from './usage/usage-view';
export { AuditService } from './audit/audit-service';
export { listAuditInputSchema, type ListAuditInput } from './audit/audit.schema';
export type { AuditEntryView } from './audit/audit-entry-view';
export { apiKeyIdInputSchema } from './auth/api-key-service';
export {
  listRunStepsInputSchema,
  listToolCallsInputSchema,
  listCheckpointsInputSchema,
  getCheckpointInputSchema,
  findRunStepsInputSchema,
  type FindRunStepsInput,
  searchRunInputSchema,
  getRunStepInputSchema,
  stepKinds,
} from './inspection/inspection.schema';
export type { RunStepView } from './inspection/run-step-view';
export type { StepCommittedPayload, StepCommittedRow } from './execution/engine/step-committed-payload';
export type { RunStepDetail, ToolCallNode } from './inspection/run-step-detail-service';
export type { RunFacets } from './inspection/run-step-finder';
export type { RunSearchHit } from './inspection/run-search-service';
export type { ToolCallView, ToolCallStatusChange } from './inspection/tool-call-view';
export type { CheckpointSummaryView, CheckpointDetailView } from './inspection/checkpoint-service';
export type { TenantActivityItem } from './inspection/tenant-activity-service';
export type { ActivityRows } from './inspection/activity-rows';
export { ThreadService, type ThreadMessageView } from './threads/thread-service';
export type { ThreadView } from './threads/thread-view';
export {
  createThreadInputSchema,
  listThreadsInputSchema,
  renameThreadInputSchema,
  threadIdInputSchema,
  threadMessagesInputSchema,
} from './threads/thread.schema';
export { MemoryService } from './memory/memory-service';
export type { MemoryItemView } from './memory/memory-view';
export {
  listMemoryInputSchema,
  memoryItemIdInputSchema,
  searchMemoryInputSchema,
  storeMemoryInputSchema,
  memoryKinds,
  memoryLevels,
} from './memory/memory.schema';
export { memoryInjectionsInputSchema, runMemoryHitsInputSchema } from './memory/memory.schema';
export { forgetMemoryInputSchema } from './memory/memory.schema';
export type { ForgetResult } from './memory/forget-memory-item';
export { listMemoryDecisionsInputSchema, memoryDecisionIdInputSchema, type MemoryDecisionView } from './memory/extraction/memory-decisions';
export { memoryWritingConfigSchema, type MemoryWritingConfig } from './memory/extraction/memory-writing-config';
export type { MemoryInjectionView, RunMemoryHitView } from './memory/memory-usage';
export { PrismaMemoryPort, type PrismaMemoryPortOptions } from './memory/prisma-memory-port';
export type { RetrievalMode } from './memory/search-memory';
export { EraseService } from './erase/erase-service';
export type { EraseReceipt } from './erase/erase-receipt';
export { embedderFromArguments, embedderSelectionFromArguments, type EmbedderArguments } from './memory/cli/embedder-from-arguments';
export { defaultEmbedderName, embedderEnvironmentNames, parseEmbedderSetting, type EmbedderSetting } from './memory/embedder-setting';
export { listMessagesInputSchema as listRunMessagesInputSchema } from './runs/run-message-service';
export { eventsInputSchema as listRunEventsInputSchema } from './runs/run-event-service';
export * from './schedules';
export * from './batches';
export * from './concurrency-limits';
export { WebhookService } from './webhooks/webhook-service';
export { verifyWebhookSignature, signWebhookBody, signatureHeaderName } from './webhooks/webhook-signature';
export { webhookEventTypes, type WebhookEventType } from './webhooks/webhook-event-types';
export { defaultWebhookConfig, type WebhookConfig } from './webhooks/webhook-config';
export { createWebhookInputSchema, listWebhookDeliveriesInputSchema, webhookDeliveryIdInputSchema, webhookIdInputSchema } from './webhooks/webhook.schema';
export type { WebhookView, CreatedWebhook, WebhookDeliveryView } from './webhooks/webhook-view';
export { parseSecretKey } from './secrets/secret-key';
export type { SecretKeys } from './secrets/resolve-secret-box';
export { reembedItems, type ReembedProgress } from './memory/reembed-items';
export { McpServerService } from './mcp/mcp-server-service';
export {
  createMcpServerInputSchema,
  mcpConnectionErrorKinds,
  mcpServerIdInputSchema,
  mcpServerListViewSchema,
  mcpServerTestViewSchema,
  mcpServerViewSchema,
  mcpToolViewSchema,
  updateMcpServerInputSchema,
  type CreateMcpServerInput,
  type McpConnectionErrorKind,
  type McpServerListView,
  type McpServerTestView,
  type McpServerView,
  type McpToolView,
  type UpdateMcpServerInput,
} from './mcp/mcp-server.schema';
export { parseMcpStdioAllowList, type McpStdioAllowList, type McpStdioCommand } from './mcp/mcp-stdio-allow-list';
export { McpConnectionError } from './mcp/mcp-connection-error';
export { McpToolMismatchError, type McpToolMismatch } from './mcp/mcp-tool-mismatch-error';
export { TenantService } from './tenants/tenant-service';
export {
  adminKeyNameSchema,
  confirmTenantEraseSchema,
  createTenantInputSchema,
  tenantChangesSchema,
  eraseTenantInputSchema,
  mintAdminKeyInputSchema,
  mintedAdminKeySchema,
  tenantIdInputSchema,
  tenantListSchema,
  tenantSettingsSchema,
  tenantViewSchema,
  updateTenantInputSchema,
  type CreateTenantInput,
  type MintedAdminKey,
  type TenantView,
  type UpdateTenantInput,
} from './tenants/tenant.schema';
export type { OperatorPrincipal } from './operator/operator-principal';
export { looksLikeOperatorKey } from './operator/operator-key-secret';
export { rotateOperatorKey, type OperatorKeyBootstrap } from './operator/operator-keys';
export type { TenantRequestLimits } from './auth/roles';
export { installOutboundTracePropagation } from './telemetry/outbound-trace-propagation';
export { metricsAccessForAuthorization, type MetricsAccess } from './metrics/metrics-access';
// Regression replay and evaluations (ADR 0048)
export { DatasetService } from './evaluations/dataset-service';
export { ExperimentService } from './evaluations/experiment-service';
export { FeedbackService } from './feedback/feedback-service';
export { defineScorer, type CustomScorer, type CustomScorerInput, type CustomScorerResult } from './evaluations/scoring/custom-scorer';
export { loadScorerModules, ScorerModuleError } from './evaluations/scoring/load-scorer-modules';
export type { FeedbackView, VersionFeedbackAggregate } from './feedback/feedback-view';
export { feedbackAggregateInputSchema, recordFeedbackInputSchema, runFeedbackInputSchema, type RecordFeedbackInput } from './feedback/feedback.schema';
export { DatasetCurationService, type EditedCaseView } from './evaluations/dataset-curation-service';
export { addMatchingRunsInputSchema, caseRefInputSchema, updateCaseInputSchema, type AddMatchingRunsInput, type UpdateCaseInput } from './evaluations/dataset-curation.schema';
export type { ExperimentListItem } from './evaluations/list-dataset-experiments';
export { datasetRefSchema, experimentIdInputSchema } from './evaluations/evaluation.schema';
export type { DatasetView } from './evaluations/dataset-view';
export type { ExperimentView, ExperimentResultView } from './evaluations/experiment-view';
export type { ExperimentSummary } from './evaluations/score-experiment';
export type { CaseScore } from './evaluations/scoring/output-scorers';
export {
  addRunsInputSchema,
  createDatasetInputSchema,
  createExperimentInputSchema,
  importCasesInputSchema,
  scorerSchema,
  unmatchedToolPolicySchema,
  type CreateExperimentInput,
  type Scorer,
} from './evaluations/evaluation.schema';
