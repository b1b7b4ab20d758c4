import { agentLoomClaimAfterFinishSystem, agentLoomSystem, agentLoomTotalIndexesSystem, agentLoomUnpreparedSystem } from './agentloom-system';
import type { DispatchSystem } from './dispatch-system';
import { graphileWorkerSystem } from './graphile-worker-system';
import { pgBossSystem } from './pg-boss-system';

/** Keyed by the name worker processes receive on their command line. */
export const systems = {
  agentloom: agentLoomSystem,
  'agentloom-unprepared': agentLoomUnpreparedSystem,
  'agentloom-claim-after-finish': agentLoomClaimAfterFinishSystem,
  'agentloom-total-indexes': agentLoomTotalIndexesSystem,
  'pg-boss': pgBossSystem,
  'graphile-worker': graphileWorkerSystem,
} satisfies Record<string, DispatchSystem>;

export type SystemKey = keyof typeof systems;

export function isSystemKey(value: string | undefined): value is SystemKey {
  return value !== undefined && value in systems;
}
