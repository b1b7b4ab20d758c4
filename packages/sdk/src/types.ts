/**
 * Shapes the AgentLoom API answers with, taken from the types generated from `/api/v1/openapi.json`
 * (`generated/openapi.ts`, `npm run generate:openapi-types`), so the SDK cannot drift from the
 * server: the document's schemas are the zod views the console validates its answers against.
 */
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type Role = Schemas['Caller']['role'];
export type RunStatus = Schemas['Run']['status'];
export type JsonValue = Schemas['JsonValue'];

export type Run = Schemas['Run'];
export type RunPage = Schemas['RunPage'];
/** Two runs side by side (`runs.compare`); `difference` is right − left. */
export type RunComparison = Schemas['RunComparison'];
/** A pair of aligned items of two runs; a side is null where that run has no counterpart. */
export type AlignedPair<Item> = { left: Item | null; right: Item | null; same: boolean };

/** One frame of the live event stream; `seq` counts from 1 without gaps. */
export type RunEvent = Schemas['RunEvent'];
/** One entry of the event log's JSON pages (the frame plus its run). */
export type StoredRunEvent = Schemas['StoredRunEvent'];
export type RunEventPage = Schemas['RunEventPage'];

export type Message = Schemas['Message'];
export type RunMessagePage = Schemas['RunMessagePage'];
/** `runs.fork`: where to start and what to change; see `POST /api/v1/runs/{id}/fork`. */
export type ForkRunInput = NonNullable<operations['forkRun']['requestBody']>['content']['application/json'];

export type Approval = Schemas['Approval'];
export type ApprovalPage = Schemas['ApprovalPage'];
/** One approval's outcome in a bulk decision: decided by this request, or refused (decided elsewhere first, expired, not found). */
export type BulkDecisionOutcome = Schemas['BulkDecisionOutcome'];
export type BulkDecisionResult = Schemas['BulkDecisionResult'];
export type ApprovalDecision = NonNullable<operations['decideApproval']['requestBody']>['content']['application/json'];

export type RunWait = Schemas['RunWait'];
export type RunFeedback = Schemas['RunFeedback'];
export type RecordFeedbackInput = NonNullable<operations['recordRunFeedback']['requestBody']>['content']['application/json'];
export type VersionFeedbackList = Schemas['VersionFeedbackList'];
export type EventDelivery = Schemas['EventDelivery'];

export type Thread = Schemas['Thread'];
export type ThreadPage = Schemas['ThreadPage'];
export type ThreadMessagePage = Schemas['ThreadMessagePage'];

export type MemoryKind = Schemas['MemoryItem']['kind'];
export type MemoryLevel = Schemas['MemoryItem']['level'];
export type MemoryItem = Schemas['MemoryItem'];
export type MemoryItemPage = Schemas['MemoryItemPage'];
export type MemoryHit = Schemas['MemoryHit'];
export type ForgetResult = Schemas['ForgetResult'];

export type Agent = Schemas['Agent'];
export type Caller = Schemas['Caller'];
export type EraseReceipt = Schemas['EraseReceipt'];

/** A page and where the next one starts (`null`: this was the last). */
export interface Page<Cursor = string> {
  nextCursor: Cursor | null;
}

/** One immutable agent version with its effective config (model API keys redacted). */
export type AgentVersion = Schemas['AgentVersion'];
export type AgentDetail = Schemas['AgentDetail'];
/** What saving a version did: `created` is false when the config equalled the latest version's. */
export type SavedAgentVersion = Schemas['SavedAgentVersion'];

/** A tenant as the instance operator sees it (settings and standing, never its data). */
export type Tenant = Schemas['Tenant'];
/** A tenant's settings; null clears one (keep forever / the instance default). */
export type TenantSettings = NonNullable<operations['updateTenant']['requestBody']>['content']['application/json'];
/** A tenant admin key minted by the operator; `key` is shown this once. */
export type MintedAdminKey = Schemas['MintedAdminKey'];

/** A budget with its usage in the current UTC day or month. */
export type Budget = Schemas['Budget'];
/** The tenant's and its agents' budgets with usage against each. */
export type BudgetsOverview = Schemas['BudgetsOverview'];
/** What setting a budget takes: no `agentId` is the tenant's own; null (or absent) leaves a measure unlimited. */
export type SetBudgetInput = NonNullable<operations['setBudget']['requestBody']>['content']['application/json'];
/** The tenant's price of one model, in US dollars per million tokens. */
export type ModelPrice = Schemas['ModelPrice'];
/** The tenant's model price table. */
export type ModelPriceList = Schemas['ModelPriceList'];
/** What setting a model price takes. */
export type SetModelPriceInput = NonNullable<operations['setModelPrice']['requestBody']>['content']['application/json'];

export type McpServer = Schemas['McpServer'];
export type McpServerList = Schemas['McpServerList'];
export type McpServerTest = Schemas['McpServerTest'];

export type { components, operations, paths } from './generated/openapi.ts';

/** A named, versioned dataset of replayable cases (ADR 0048). */
export type Dataset = Schemas['Dataset'];
export type DatasetDetail = Schemas['DatasetDetail'];
/** A dataset replayed against an agent version: per-case results, scores, deltas, aggregates. */
export type Experiment = Schemas['Experiment'];
export type ExperimentResult = Schemas['Experiment']['results'][number];
export type CreateDatasetInput = NonNullable<operations['createDataset']['requestBody']>['content']['application/json'];
export type AddDatasetRunsInput = NonNullable<operations['addDatasetRuns']['requestBody']>['content']['application/json'];
export type CreateExperimentInput = NonNullable<operations['createExperiment']['requestBody']>['content']['application/json'];
/** A cron or interval schedule that creates runs of one agent (ADR 0043). */
export type Schedule = Schemas['Schedule'];
export type ScheduleList = Schemas['ScheduleList'];
export type SchedulePreview = Schemas['SchedulePreview'];
export type CreateScheduleInput = NonNullable<operations['createSchedule']['requestBody']>['content']['application/json'];
export type UpdateScheduleInput = NonNullable<operations['updateSchedule']['requestBody']>['content']['application/json'];
export type ScheduleTiming = CreateScheduleInput['timing'];
/** N inputs of one agent version run with a concurrency cap (ADR 0049). */
export type Batch = Schemas['Batch'];
export type BatchList = Schemas['BatchList'];
export type BatchItem = Schemas['BatchItem'];
export type BatchItemPage = Schemas['BatchItemPage'];
export type BatchRetry = Schemas['BatchRetry'];
export type SubmitBatchInput = NonNullable<operations['createBatch']['requestBody']>['content']['application/json'];
/** The tenant's concurrency limit and every agent's that has one, with the runs running now. */
export type ConcurrencyLimits = Schemas['ConcurrencyLimits'];
/** No `agentId`: the tenant's own limit; `maxRunningRuns: null` removes the limit. */
export type SetConcurrencyLimitInput = NonNullable<operations['setConcurrencyLimit']['requestBody']>['content']['application/json'];
