import type { StrategyState } from '../../contracts/execution-strategy';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';

/** A copy of the facts a strategy may decide from, so a strategy cannot change run state by accident. */
export function strategyState(services: EngineServices, state: RunState): StrategyState {
  return { task: services.modules.context.task(), plan: state.plan ? jsonClone(state.plan) : null, iteration: state.counters.iterations };
}
