import type { Message } from './messages';
import type { ModelCall } from './model-call';
import type { RuntimeModule } from './module';
import type { Plan } from './plan';

/** Evidence the run has gathered: tool calls that produced results. */
export interface ExecutionEvidence {
  succeededToolCalls: number;
  failedToolCalls: number;
}

/** What a completion policy reviews: the candidate final answer and a working copy of the context. */
export interface CompletionInput {
  instanceId: string;
  task: string;
  plan: Plan | null;
  candidate: string;
  messages: readonly Message[];
  evidence: ExecutionEvidence;
}

/**
 * `complete` accepts the candidate; `continue` sends `reason` back to the model as feedback;
 * `blocked` ends the run as interrupted (the agent cannot finish, e.g. missing access).
 */
export type CompletionDecision =
  | { decision: 'complete'; reason: string }
  | { decision: 'continue'; reason: string }
  | { decision: 'blocked'; reason: string };

/**
 * Decides whether a candidate answer ends the run.
 * Contract: never mutate `input`; model calls only through `modelCall` (they count against the budget).
 */
export interface CompletionPolicy extends RuntimeModule {
  review(input: CompletionInput, modelCall: ModelCall): Promise<CompletionDecision>;
}
