// The bench drives one run step by step with the same pieces the executor uses, so it can time the
// persistence of each step alone. Those pieces are internal to @agentloom/platform; this is the one
// file that reaches for them.
export { persistStep } from '../../packages/platform/src/execution/engine/persist-step';
export { buildRunEngine } from '../../packages/platform/src/execution/engine/build-run-engine';
export { claimRuns } from '../../packages/platform/src/execution/run-claims';
export { ToolCatalog } from '../../packages/platform/src/tools/tool-catalog';
export { createToolLedgerHooks } from '../../packages/platform/src/execution/engine/tool-ledger-hooks';
export { createCancelFenceHooks } from '../../packages/platform/src/execution/engine/cancel-fence-hooks';
export { agentVersionConfigSchema } from '../../packages/platform/src/agents/agent-version-config';
export { ModelConnector } from '../../packages/platform/src/outbound/model-connector';
export { SecretBox } from '../../packages/platform/src/secrets/secret-box';
