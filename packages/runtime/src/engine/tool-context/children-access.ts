import type { PendingCall } from '../../checkpoint/checkpoint-schema';
import type { ChildrenAccess } from '../../contracts/tool-context';
import { LimitExceededError, ValidationError } from '../../errors';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';

/** At most this many delegations per run, counted across resumes. */
export const maxDelegationsPerRun = 8;

/**
 * Delegation to bound sub-agents: sequential, limited, and absent inside a sub-agent. A child
 * suspended on this call (it paused for approval) is resumed when the call asks for the same agent
 * and task again, without counting another delegation.
 */
export function createChildrenAccess(services: EngineServices, state: RunState, recorder: StepRecorder, call: PendingCall, signal: AbortSignal): ChildrenAccess {
  return {
    list: () => services.config.subAgents.map((agent) => ({ name: agent.name, description: agent.description })),
    async run(request) {
      const runner = services.children;
      if (!runner) throw new ValidationError('Delegation is not available here: sub-agents cannot delegate further');
      const suspended = call.child;
      delete call.child;
      const resumes = suspended !== undefined && suspended.agent === request.agent && suspended.task === request.task;
      if (!resumes) {
        if (state.counters.delegations >= maxDelegationsPerRun) throw new LimitExceededError('maxDelegations', maxDelegationsPerRun);
        // Counted before running so a failing child still uses up one delegation.
        state.counters.delegations += 1;
      }
      const metadata = { parentInstanceId: state.instanceId, ordinal: resumes ? suspended.ordinal : state.counters.delegations, signal, call, recorder };
      return runner.run(request, resumes ? { ...metadata, suspended } : metadata);
    },
  };
}
