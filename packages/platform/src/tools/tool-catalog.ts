import type { AnyTool } from '@agentloom/runtime';

import { DomainError } from '../errors/domain-error';

/**
 * Platform tools agents can enable by name (`tools: [...]` in an agent version). Apps register
 * their own at composition time; built-ins come from the runtime and need no registration.
 */
export class ToolCatalog {
  private readonly tools = new Map<string, AnyTool>();

  constructor(tools: readonly AnyTool[] = []) {
    for (const tool of tools) this.add(tool);
  }

  add(tool: AnyTool): void {
    if (this.tools.has(tool.name)) throw new Error(`Tool ${tool.name} is registered twice`);
    this.tools.set(tool.name, tool);
  }

  /** The named tools; an unknown name is a configuration error that names the tool. */
  select(names: readonly string[]): AnyTool[] {
    return names.map((name) => {
      const tool = this.tools.get(name);
      if (!tool) throw new DomainError('validation', `Unknown tool "${name}" in the agent config; known tools: ${[...this.tools.keys()].join(', ') || 'none'}`, 'tools');
      return tool;
    });
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** Every registered tool's name, description and side effects, for pickers (agent editor). */
  describe(): { name: string; description: string; sideEffects: string }[] {
    return [...this.tools.values()].map((tool) => ({ name: tool.name, description: tool.description, sideEffects: tool.sideEffects }));
  }
}
