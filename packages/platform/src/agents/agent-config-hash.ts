import { stableHash } from '@agentloom/runtime';

import type { AgentVersionConfig } from './agent-version-config';

/** sha256 of the canonical JSON (sorted keys) of an effective config: equal configs, equal hashes. */
export function hashAgentConfig(config: AgentVersionConfig): string {
  return stableHash(config);
}
