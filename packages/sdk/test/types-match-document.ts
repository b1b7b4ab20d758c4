/**
 * Type-level checks, run by `tsc -p packages/sdk/test` (the SDK's typecheck): what each SDK method
 * resolves to is exactly the JSON body the OpenAPI document gives its operation. The document's
 * types are generated (`src/generated/openapi.ts`, kept current by `sdk-types.test.ts`), so a view
 * change on the server either flows into the SDK or fails here.
 */
import type { AgentLoomClient } from '../src/client.ts';
import type { AgentLoomOperatorClient } from '../src/operator-client.ts';
import type { operations } from '../src/generated/openapi.ts';
import type { ApprovalDecision, CreateRunInput, ForkRunInput, StoreMemoryInput, TenantSettings } from '../src/index.ts';

/** True only when both types are assignable to each other. */
type Same<Left, Right> = [Left] extends [Right] ? ([Right] extends [Left] ? true : false) : false;
type Body<Operation extends keyof operations, Status extends keyof operations[Operation]['responses']> = operations[Operation]['responses'][Status] extends {
  content: { 'application/json': infer Json };
}
  ? Json
  : never;
type Resolved<Method extends (...parameters: never[]) => unknown> = Awaited<ReturnType<Method>>;
type Check<Condition extends true> = Condition;

type Client = AgentLoomClient;
type Operator = AgentLoomOperatorClient;

export type Checks = [
  Check<Same<Resolved<Client['schedules']['create']>, Body<'createSchedule', 201>>>,
  Check<Same<Resolved<Client['schedules']['list']>, Body<'listSchedules', 200>>>,
  Check<Same<Resolved<Client['schedules']['update']>, Body<'updateSchedule', 200>>>,
  Check<Same<Resolved<Client['schedules']['pause']>, Body<'pauseSchedule', 200>>>,
  Check<Same<Resolved<Client['schedules']['preview']>, Body<'previewSchedule', 200>>>,
  Check<Same<Resolved<Client['schedules']['previewTiming']>, Body<'previewScheduleTiming', 200>>>,
  Check<Same<Resolved<Client['runs']['create']>, Body<'createRun', 201>>>,
  Check<Same<Resolved<Client['runs']['create']>, Body<'createRun', 200>>>,
  Check<Same<Resolved<Client['runs']['get']>, Body<'getRun', 200>>>,
  Check<Same<Resolved<Client['runs']['list']>, Body<'listRuns', 200>>>,
  Check<Same<Resolved<Client['runs']['cancel']>, Body<'cancelRun', 200>>>,
  Check<Same<Resolved<Client['runs']['compare']>, Body<'compareRuns', 200>>>,
  Check<Same<Resolved<Client['runs']['retry']>, Body<'retryRun', 201>>>,
  Check<Same<Resolved<Client['runs']['rerun']>, Body<'rerunRun', 201>>>,
  Check<Same<Resolved<Client['runs']['messages']>, Body<'listRunMessages', 200>>>,
  Check<Same<Resolved<Client['runs']['events']>, Body<'streamRunEvents', 200>>>,
  Check<Same<Resolved<Client['approvals']['list']>, Body<'listApprovals', 200>>>,
  Check<Same<Resolved<Client['approvals']['decide']>, Body<'decideApproval', 200>>>,
  Check<Same<Resolved<Client['threads']['create']>, Body<'createThread', 201>>>,
  Check<Same<Resolved<Client['threads']['get']>, Body<'getThread', 200>>>,
  Check<Same<Resolved<Client['threads']['list']>, Body<'listThreads', 200>>>,
  Check<Same<Resolved<Client['threads']['rename']>, Body<'updateThread', 200>>>,
  Check<Same<Resolved<Client['threads']['messages']>, Body<'listThreadMessages', 200>>>,
  Check<Same<Resolved<Client['memories']['store']>, Body<'storeMemory', 201>>>,
  Check<Same<Resolved<Client['memories']['get']>, Body<'getMemory', 200>>>,
  Check<Same<Resolved<Client['memories']['list']>, Extract<Body<'listMemories', 200>, { items: unknown }>>>,
  Check<Same<{ hits: Resolved<Client['memories']['search']> }, Body<'searchMemories', 200>>>,
  Check<Same<Resolved<Client['memories']['forget']>, Body<'forgetMemory', 200>>>,
  Check<Same<Resolved<Client['memories']['pin']>, Body<'pinMemory', 200>>>,
  Check<Same<{ agents: Resolved<Client['agents']['list']> }, Body<'listAgents', 200>>>,
  Check<Same<Resolved<Client['runs']['fork']>, Body<'forkRun', 201>>>,
  Check<Same<Resolved<Client['approvals']['decideMany']>, Body<'decideApprovals', 200>>>,
  Check<Same<Resolved<Client['agents']['get']>, Body<'getAgent', 200>>>,
  Check<Same<Resolved<Client['agents']['create']>, Body<'createAgent', 201>>>,
  Check<Same<Resolved<Client['agents']['saveVersion']>, Body<'saveAgentVersion', 201>>>,
  Check<Same<Resolved<Client['agents']['saveVersion']>, Body<'saveAgentVersion', 200>>>,
  Check<Same<Resolved<Client['agents']['archive']>, Body<'archiveAgent', 200>>>,
  Check<Same<Resolved<Client['agents']['unarchive']>, Body<'unarchiveAgent', 200>>>,
  Check<Same<{ tenants: Resolved<Operator['tenants']['list']> }, Body<'listTenants', 200>>>,
  Check<Same<Resolved<Operator['tenants']['get']>, Body<'getTenant', 200>>>,
  Check<Same<Resolved<Operator['tenants']['create']>, Body<'createTenant', 201>>>,
  Check<Same<Resolved<Operator['tenants']['update']>, Body<'updateTenant', 200>>>,
  Check<Same<Resolved<Operator['tenants']['suspend']>, Body<'suspendTenant', 200>>>,
  Check<Same<Resolved<Operator['tenants']['resume']>, Body<'resumeTenant', 200>>>,
  Check<Same<Resolved<Operator['tenants']['erase']>, Body<'eraseTenantAsOperator', 200>>>,
  Check<Same<Resolved<Operator['tenants']['mintAdminKey']>, Body<'mintTenantAdminKey', 201>>>,
  Check<Same<Resolved<Client['erase']>, Body<'erase', 200>>>,
  Check<Same<Resolved<Client['me']>, Body<'getCaller', 200>>>,
  // What the SDK sends must be what the document accepts.
  Check<Same<ApprovalDecision, NonNullable<operations['decideApproval']['requestBody']>['content']['application/json']>>,
  Check<Same<ForkRunInput, NonNullable<operations['forkRun']['requestBody']>['content']['application/json']>>,
  Check<Same<TenantSettings, NonNullable<operations['updateTenant']['requestBody']>['content']['application/json']>>,
  Check<StoreMemoryInput extends NonNullable<operations['storeMemory']['requestBody']>['content']['application/json'] ? true : false>,
  Check<Omit<CreateRunInput, 'idempotencyKey'> extends NonNullable<operations['createRun']['requestBody']>['content']['application/json'] ? true : false>,
];
