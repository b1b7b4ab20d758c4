import type { Checkpoint } from '../../checkpoint/checkpoint-schema';
import type { ExecutionLimits } from '../../contracts/execution-limits';
import type { RuntimeModule } from '../../contracts/module';
import type { ToolRegistry } from '../../contracts/tool-registry';
import { jsonClone } from '../../util/deep-freeze';
import type { EngineModules } from '../engine-services';

/** Computed once at assembly: what every checkpoint of this engine records and what resume compares. */
export function computeBindings(modules: EngineModules, limits: ExecutionLimits, registry: ToolRegistry): Checkpoint['bindings'] {
  const entries = (Object.entries(modules) as [string, RuntimeModule | undefined][])
    .filter((entry): entry is [string, RuntimeModule] => entry[1] !== undefined)
    .map(([role, module]) => [role, { moduleId: module.moduleId, config: jsonClone(module.checkpointConfig?.() ?? {}) }] as const);
  return {
    modules: Object.fromEntries(entries),
    limits: { maxModelCalls: limits.maxModelCalls, maxIterations: limits.maxIterations },
    tools: registry.bindings(),
  };
}
