// The pieces of persistStep's ordinary path that split-commit.ts times one by one (internal to @agentloom/platform).
export { stepRowsDocument } from '../../packages/platform/src/execution/engine/write-step-rows';
export { stepCommittedPayload } from '../../packages/platform/src/execution/engine/step-committed-payload';
export { stepEventsOf, usageCountsOf } from '../../packages/platform/src/execution/engine/step-usage';
