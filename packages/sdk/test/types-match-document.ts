/**
 * Type-level checks, run by `tsc -p packages/sdk/test` (the SDK's typecheck): what each SDK method
 * resolves to is exactly the JSON body the OpenAPI document gives its operation. The document's
 * types are generated (`src/generated/openapi.ts`, kept current by `sdk-types.test.ts`), so a view
 * change on the server either flows into the SDK or fails here.
 */
import type { AgentLoomClient } from '../src/client.ts';
import type { operations } from '../src/generated/openapi.ts';
import type { ApprovalDecision, CreateRunInput, StoreMemoryInput } from '../src/index.ts';

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

export type Checks = [
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
  Check<Same<Resolved<Client['erase']>, Body<'erase', 200>>>,
  Check<Same<Resolved<Client['me']>, Body<'getCaller', 200>>>,
  // What the SDK sends must be what the document accepts.
  Check<Same<ApprovalDecision, NonNullable<operations['decideApproval']['requestBody']>['content']['application/json']>>,
  Check<StoreMemoryInput extends NonNullable<operations['storeMemory']['requestBody']>['content']['application/json'] ? true : false>,
  Check<Omit<CreateRunInput, 'idempotencyKey'> extends NonNullable<operations['createRun']['requestBody']>['content']['application/json'] ? true : false>,
];
