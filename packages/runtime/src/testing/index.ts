/** Test helpers and reference implementations: `@agentloom/runtime/testing`. */
export { ScriptedModel, type RecordedRequest, type ScriptedModelOptions, type ScriptedReply, type ScriptedReplyObject, type ScriptedToolCall } from './scripted-model';
export { DemoScriptModel } from '../demo/demo-script-model';
export { InMemoryCheckpointStore } from '../stores/in-memory-checkpoint-store';
export { InMemoryEventSink } from '../stores/in-memory-event-sink';
export { InMemoryMemoryPort } from '../stores/in-memory-memory-port';
export { InMemoryToolStateStore } from '../stores/in-memory-tool-state-store';
export { InMemoryBudgetGuard } from '../budgets/in-memory-budget-guard';
export { describeBudgetGuardContract, type BudgetGuardFixture } from './conformance/budget-guard-contract';
export { InMemoryWaitPort } from '../stores/in-memory-wait-port';
export type { ContractExpectation, ContractTestApi, StoreFactory } from './conformance/contract-test-api';
export { describeCheckpointStoreContract } from './conformance/checkpoint-store-contract';
export { describeEventSinkContract } from './conformance/event-sink-contract';
export { describeMemoryPortContract } from './conformance/memory-port-contract';
export { sampleCheckpoint } from './conformance/sample-checkpoint';
export { allowedAddressForms, createTestResolver, refusedAddressForms, testDnsAnswers, urlFor, type AddressForm } from './outbound-address-forms';
export { startConnectionRecorder, type ConnectionRecorder } from './connection-recorder';
export { sseEvent, startWireServer, type ReceivedRequest, type ScriptedReply as WireReply, type WireServer } from '../models/test-support/wire-server';
export { openAiError, openAiStream, type OpenAiStreamedToolCall } from '../models/test-support/openai-wire';
