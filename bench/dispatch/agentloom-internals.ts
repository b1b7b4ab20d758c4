/**
 * The platform pieces this bench drives. `@agentloom/platform` does not export its executor, run
 * service or event log yet (no app wires them up so far), so the bench reaches into its source
 * here, in one place, instead of in every file. Replace with package imports once they are exported.
 */
export { RunExecutor, type RunExecutorConfig } from '../../packages/platform/src/execution/run-executor';
export type { RunProcessor } from '../../packages/platform/src/execution/run-processor';
export type { ClaimedRun } from '../../packages/platform/src/execution/run-claims';
export { RunService } from '../../packages/platform/src/runs/run-service';
export { appendRunEvents } from '../../packages/platform/src/events/append-run-events';
export { finishRun } from '../../packages/platform/src/execution/finish-run';
export { readRunEvents } from '../../packages/platform/src/events/run-event-reader';
