import type { ExecutionStrategy, ToolAuthorization } from '../contracts/execution-strategy';

/** Reason-act loop: every registered tool is allowed, candidates go straight to completion review. */
export class ReactStrategy implements ExecutionStrategy {
  readonly moduleId = 'react-strategy/v1';

  instructions(): string {
    return 'Work step by step. Call tools when they help; when you have the answer, reply with it and no tool calls.';
  }

  candidateFeedback(): string | null {
    return null;
  }

  authorizeTool(): ToolAuthorization {
    return { allowed: true };
  }
}
