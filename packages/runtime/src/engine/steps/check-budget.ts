import type { BudgetExceeded } from '../../contracts/budget-guard';
import type { ModelUsage } from '../../contracts/model-gateway';
import { BudgetExceededError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';

/** Where the engine asks: at the step boundary (nothing of the step spent) or before a model call inside the step. */
export type BudgetCheckpoint = 'step-boundary' | 'model-call';

/**
 * Asks the budget guard whether the run may spend more. Called at the step boundary (nothing of the
 * step spent yet) and before every model call (with what the step has spent so far), except a call
 * before which the step has spent nothing since the guard last cleared it (ADR 0102). A spent budget
 * whose policy is `fail` ends the run with `budget-exceeded` before the gateway is asked. One whose
 * policy is `pause` is returned at the step boundary (the caller parks the run there, where its
 * checkpoint is a clean resume point) and ignored inside a step: the step finishes and the next
 * boundary pauses, so a pausing budget overshoots by at most one step (ADR 0057).
 * A call the gateway answers from a recording is not checked (`invokeModel`), nor the step boundary
 * while every call of the execution was (`RunState.servedOnly`): the first unserved call is checked
 * before it is made, and from then on every boundary, so the one-step bound holds (ADR 0071).
 */
export async function checkBudget(services: EngineServices, state: RunState, recorder: StepRecorder, at: BudgetCheckpoint): Promise<BudgetExceeded | null> {
  if (!services.budget) return null;
  // A step of an execution whose every model call was served from a recording spends nothing before
  // its first call; that call, if not served, is checked before it is made (ADR 0071).
  if (at === 'step-boundary' && state.servedOnly) return null;
  // The guard answered "not spent" earlier in this step and the step has spent nothing since (the first
  // model call right after the boundary): its answer stands. Other runs may have committed usage meanwhile,
  // but a call made on that answer is the one call per executing run that the overshoot bound allows
  // (ADR 0045), and asking again would cost the executor a round trip per step (ADR 0102).
  if (at === 'model-call' && recorder.budgetClearedAt && sameUsage(recorder.budgetClearedAt, recorder.usage)) return null;
  const exceeded = await services.budget.check({ instanceId: state.instanceId, pending: { ...recorder.usage } });
  if (!exceeded) {
    recorder.budgetClearedAt = { ...recorder.usage };
    return null;
  }
  if (exceeded.onExceeded !== 'pause') throw new BudgetExceededError(exceeded);
  return at === 'step-boundary' ? exceeded : null;
}

function sameUsage(left: ModelUsage, right: ModelUsage): boolean {
  return left.inputTokens === right.inputTokens && left.outputTokens === right.outputTokens && (left.costUsd ?? 0) === (right.costUsd ?? 0);
}
