import { agentLoomSystem, createAgentLoomSystem } from './agentloom-system';
import type { DispatchSystem } from './dispatch-system';
import { graphileWorkerSystem } from './graphile-worker-system';
import { pgBossSystem } from './pg-boss-system';
import { ProposedRunExecutor } from './proposal/proposed-run-executor';

/** Keyed by the name worker processes receive on their command line. */
export const systems = {
  agentloom: agentLoomSystem,
  /** The platform executor with the claim proposed in proposal/single-statement-claim.ts. */
  'agentloom-proposal': createAgentLoomSystem('AgentLoom + one-statement claim', ProposedRunExecutor),
  'pg-boss': pgBossSystem,
  'graphile-worker': graphileWorkerSystem,
} satisfies Record<string, DispatchSystem>;

export type SystemKey = keyof typeof systems;

export function isSystemKey(value: string | undefined): value is SystemKey {
  return value !== undefined && value in systems;
}
