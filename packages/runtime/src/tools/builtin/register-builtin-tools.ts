import type { SkillSource } from '../../contracts/router';
import type { AnyTool, ToolRegistry } from '../../contracts/tool-registry';
import { recordCitationTool } from './citation-tool';
import { delegateTool } from './delegate-tool';
import { memorySearchTool, memoryStoreTool } from './memory-tools';
import { planReadTool, planUpdateTool } from './plan-tools';
import { createLoadSkillTool } from './skill-tool';
import { sleepTool, waitForEventTool, waitUntilTool } from './wait-tools';

/** Namespace of the built-in tools' implementation ids; bump when any built-in changes incompatibly. */
export const builtinToolsNamespace = 'builtin-tools/v1';

export interface BuiltinToolSelection {
  mode: 'react' | 'plan';
  /** Only register these names; undefined registers every applicable built-in. */
  enabled?: readonly string[];
  hasSubAgents: boolean;
  hasMemory: boolean;
  /** The host binds a durable wait store; the wait tools are then registered when `enabled` lists them. */
  hasWaits?: boolean;
  skills?: SkillSource;
}

/** Registers the built-ins that make sense for the agent: plan tools in plan mode, delegate with sub-agents, and so on. */
export function registerBuiltinTools(registry: ToolRegistry, selection: BuiltinToolSelection): void {
  const candidates: Omit<AnyTool, 'implementationId'>[] = [recordCitationTool];
  if (selection.mode === 'plan') candidates.unshift(planReadTool, planUpdateTool);
  if (selection.hasSubAgents) candidates.push(delegateTool);
  if (selection.hasMemory) candidates.push(memorySearchTool, memoryStoreTool);
  if (selection.skills) candidates.push(createLoadSkillTool(selection.skills));
  // Opt-in only: a wait parks the run, so it is never part of "every applicable built-in".
  if (selection.hasWaits && selection.enabled) candidates.push(sleepTool, waitUntilTool, waitForEventTool);
  const registrar = registry.implementationNamespace(builtinToolsNamespace);
  for (const tool of candidates) {
    if (!selection.enabled || selection.enabled.includes(tool.name)) registrar.register(tool);
  }
}
