import type { AgentConfig } from '../../config/agent-config.schema';
import type { EventBus, ReleaseHandle } from '../../contracts/event-bus';
import type { SkillSource } from '../../contracts/router';
import type { ToolContext } from '../../contracts/tool-context';
import type { ToolRegistry } from '../../contracts/tool-registry';
import { registerBuiltinTools } from '../../tools/builtin/register-builtin-tools';
import { DefaultToolRegistry } from '../../tools/tool-registry';
import type { CreateEngineOptions } from './engine-options';

export interface ToolAssemblyInput {
  config: AgentConfig;
  options: CreateEngineOptions;
  isChild: boolean;
  skills: SkillSource | undefined;
  hasMemory: boolean;
  hasWaits: boolean;
}

/** Built-ins (unless the registry is replaced), then `configureTools`, then freeze. */
export function assembleRegistry(input: ToolAssemblyInput): ToolRegistry {
  const { config, options } = input;
  const registry = options.registry ?? new DefaultToolRegistry();
  if (!options.registry) {
    registerBuiltinTools(registry, {
      mode: config.mode,
      ...(config.builtinTools ? { enabled: config.builtinTools } : {}),
      // Sub-agents never get the delegate tool: that is what rules out recursive delegation.
      hasSubAgents: !input.isChild && config.subAgents.length > 0,
      hasMemory: input.hasMemory,
      // A sub-agent cannot park its parent's call: the wait tools are the top-level run's only.
      hasWaits: input.hasWaits && !input.isChild,
      ...(input.skills ? { skills: input.skills } : {}),
    });
  }
  options.configureTools?.(registry);
  registry.freeze();
  return registry;
}

/** Registers one bus topic per tool so tool calls are requests (trusted handler + context) that observers see only as ids. */
export function registerToolTopics(registry: ToolRegistry, bus: EventBus<ToolContext>, engineId: string): { topics: Map<string, string>; handles: ReleaseHandle[] } {
  const topics = new Map<string, string>();
  const handles: ReleaseHandle[] = [];
  for (const definition of registry.definitions()) {
    const tool = registry.resolve(definition.name);
    if (!tool) continue;
    const topic = `tools/${engineId}/${definition.name}`;
    handles.push(bus.register(topic, (payload, context) => tool.execute(payload, context)));
    topics.set(definition.name, topic);
  }
  return { topics, handles };
}
