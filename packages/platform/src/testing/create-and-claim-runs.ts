import type { Principal } from '../auth/roles';
import type { Platform } from '../create-platform';
import { claimRuns, type ClaimedRun } from '../execution/run-claims';

export interface CreateAndClaimOptions {
  agentId: string;
  /** The lease owner the runs are claimed for, as an executor's id. */
  owner: string;
  count: number;
  /** Lease length; 60 s unless a test needs leases that run out. */
  leaseMs?: number;
}

/**
 * Creates `count` runs of the agent and claims exactly those for `owner`, for tests of what happens to
 * running runs (leases, finishes). The queue must hold nothing else: it throws when the claim returns
 * other runs or fewer than it created, so a test never works on runs it did not mean to.
 */
export async function createAndClaimRuns(platform: Platform, principal: Principal, options: CreateAndClaimOptions): Promise<ClaimedRun[]> {
  const created = new Set<string>();
  for (let index = 0; index < options.count; index += 1) {
    created.add((await platform.runs.create(principal, { agentId: options.agentId, input: `run ${index}` })).run.id);
  }
  const claimed = await claimRuns(platform.database.statements, options.owner, options.count, options.leaseMs ?? 60_000);
  if (claimed.length !== created.size || claimed.some((run) => !created.has(run.id))) {
    throw new Error(`The claim took ${claimed.length} runs, not the ${created.size} just created: the queue held other runs`);
  }
  return claimed;
}
