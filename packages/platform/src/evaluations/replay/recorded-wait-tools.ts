import { DefaultToolRegistry, registerBuiltinTools, type AnyTool } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../../agents/agent-version-config';

const waitToolNames: readonly string[] = ['sleep', 'wait_until', 'wait_for_event'];

/**
 * The wait built-ins the version lists, as tools a replay can wrap (`replayTools`), so a replay
 * serves the recorded outcome of a wait instead of waiting. The engine's own wait tools write the
 * tenant's durable waits: a replay running them would hold a live correlation key (refusing the
 * live run that waits on it), receive the live system's event, or really sleep. A replay binds no
 * wait store, so the engine registers none, and these take their place under the same names and
 * implementation ids (built from the runtime's own definitions, so they cannot drift).
 */
export function waitToolsToReplay(config: Pick<AgentVersionConfig, 'mode' | 'builtinTools'>): AnyTool[] {
  const enabled = config.builtinTools?.filter((name) => waitToolNames.includes(name)) ?? [];
  if (enabled.length === 0) return [];
  const scratch = new DefaultToolRegistry();
  registerBuiltinTools(scratch, { mode: config.mode, enabled, hasSubAgents: false, hasMemory: false, hasWaits: true });
  return scratch.definitions().flatMap((definition) => scratch.resolve(definition.name) ?? []);
}
