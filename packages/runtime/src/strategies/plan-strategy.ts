import type { ExecutionStrategy, StrategyState, ToolAuthorization } from '../contracts/execution-strategy';
import type { ToolCallRequest } from '../contracts/messages';
import { planToolNames } from '../tools/builtin/plan-tools';

/**
 * Plan first, then act: other tools are refused until a plan exists, and a candidate answer is sent
 * back while plan items remain open.
 */
export class PlanStrategy implements ExecutionStrategy {
  readonly moduleId = 'plan-strategy/v1';

  instructions(): string {
    return (
      `Before anything else, write a plan with ${planToolNames.update}. Keep it current: mark items in-progress, done or blocked ` +
      `as you go. Answer only when every item is done or blocked.`
    );
  }

  candidateFeedback(_candidate: string, state: StrategyState): string | null {
    if (!state.plan) return `You have not written a plan. Call ${planToolNames.update} first, then work through it.`;
    const open = state.plan.items.filter((item) => item.status === 'pending' || item.status === 'in-progress');
    if (open.length === 0) return null;
    return `Your plan still has open items: ${open.map((item) => `${item.id} "${item.title}" (${item.status})`).join(', ')}. Finish them or update the plan before answering.`;
  }

  authorizeTool(call: ToolCallRequest, state: StrategyState): ToolAuthorization {
    if (call.name === planToolNames.read || call.name === planToolNames.update || state.plan) return { allowed: true };
    return { allowed: false, reason: `Write a plan with ${planToolNames.update} before calling ${call.name}.` };
  }
}
