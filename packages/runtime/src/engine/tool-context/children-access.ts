import type { ChildrenAccess } from '../../contracts/tool-context';
import { LimitExceededError, ValidationError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';

/** At most this many delegations per run, counted across resumes. */
export const maxDelegationsPerRun = 8;

/** Delegation to bound sub-agents: sequential, limited, and absent inside a sub-agent. */
export function createChildrenAccess(services: EngineServices, state: RunState, signal: AbortSignal): ChildrenAccess {
  return {
    list: () => services.config.subAgents.map((agent) => ({ name: agent.name, description: agent.description })),
    async run(request) {
      const runner = services.children;
      if (!runner) throw new ValidationError('Delegation is not available here: sub-agents cannot delegate further');
      if (state.counters.delegations >= maxDelegationsPerRun) throw new LimitExceededError('maxDelegations', maxDelegationsPerRun);
      // Counted before running so a failing child still uses up one delegation.
      state.counters.delegations += 1;
      return runner.run(request, { parentInstanceId: state.instanceId, ordinal: state.counters.delegations, signal });
    },
  };
}
