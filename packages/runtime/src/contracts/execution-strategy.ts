import type { ToolCallRequest } from './messages';
import type { RuntimeModule } from './module';
import type { Plan } from './plan';

/** Read-only facts a strategy decides from. */
export interface StrategyState {
  task: string;
  plan: Plan | null;
  /** Loop steps completed in this execution. */
  iteration: number;
}

/** Tool admission: `deny` turns the call into an error result carrying `reason`. */
export type ToolAuthorization = { allowed: true } | { allowed: false; reason: string };

/**
 * How the agent works (ReAct, Plan): extra instructions, feedback on candidate answers, tool admission.
 * Contract: pure decisions over the given state; no I/O, no mutation.
 */
export interface ExecutionStrategy extends RuntimeModule {
  /** Text appended to the system prompt. */
  instructions(): string;
  /** Feedback sent back to the model instead of accepting `candidate`, or null to let completion review run. */
  candidateFeedback(candidate: string, state: StrategyState): string | null;
  /** Whether the model may run this call now. Runs before the approval policy. */
  authorizeTool(call: ToolCallRequest, state: StrategyState): ToolAuthorization;
}
