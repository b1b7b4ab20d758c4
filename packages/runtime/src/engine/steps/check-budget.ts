import { BudgetExceededError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';

/**
 * Asks the budget guard whether the run may spend more. Called at the step boundary (nothing of the
 * step spent yet) and before every model call (with what the step has spent so far); an exhausted
 * budget ends the run with `budget-exceeded` before the gateway is asked.
 */
export async function checkBudget(services: EngineServices, state: RunState, recorder: StepRecorder): Promise<void> {
  if (!services.budget) return;
  const exceeded = await services.budget.check({ instanceId: state.instanceId, pending: { ...recorder.usage } });
  if (exceeded) throw new BudgetExceededError(exceeded);
}
