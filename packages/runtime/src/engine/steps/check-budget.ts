import type { BudgetExceeded } from '../../contracts/budget-guard';
import { BudgetExceededError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';

/** Where the engine asks: at the step boundary (nothing of the step spent) or before a model call inside the step. */
export type BudgetCheckpoint = 'step-boundary' | 'model-call';

/**
 * Asks the budget guard whether the run may spend more. Called at the step boundary (nothing of the
 * step spent yet) and before every model call (with what the step has spent so far). A spent budget
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
  const exceeded = await services.budget.check({ instanceId: state.instanceId, pending: { ...recorder.usage } });
  if (!exceeded) return null;
  if (exceeded.onExceeded !== 'pause') throw new BudgetExceededError(exceeded);
  return at === 'step-boundary' ? exceeded : null;
}
