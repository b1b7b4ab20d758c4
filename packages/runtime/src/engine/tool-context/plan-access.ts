import { z } from 'zod';
import type { PlanAccess } from '../../contracts/tool-context';
import { ToolStatePersistenceError, ValidationError } from '../../errors';
import { maxPlanItems } from '../../tools/builtin/plan-tools';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';

const planSchema = z.object({
  items: z
    .array(z.object({ id: z.string().min(1), title: z.string().min(1), status: z.enum(['pending', 'in-progress', 'done', 'blocked']) }).strict())
    .max(maxPlanItems),
});

/** Reads return copies; an update is validated, applied, saved, and reverted if saving fails. */
export function createPlanAccess(services: EngineServices, state: RunState): PlanAccess {
  return {
    read: () => (state.plan ? jsonClone(state.plan) : null),
    async update(plan) {
      const parsed = planSchema.safeParse(plan);
      if (!parsed.success) throw new ValidationError(`Invalid plan: ${parsed.error.message}`);
      const previous = state.plan;
      state.plan = parsed.data;
      try {
        await services.toolStateStore?.savePlan(state.instanceId, jsonClone(parsed.data));
      } catch (error) {
        state.plan = previous;
        throw new ToolStatePersistenceError('Saving the plan failed; the update was reverted', error);
      }
    },
  };
}
