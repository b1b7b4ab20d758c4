import { createEngine, createModelGateway, type Engine, type LifecycleHooks, type ModelGateway } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../../agents/agent-version-config';
import type { ToolCatalog } from '../../tools/tool-catalog';

export interface BuildRunEngineOptions {
  runId: string;
  agentId: string;
  versionId: string;
  config: AgentVersionConfig;
  tools: ToolCatalog;
  hooks: LifecycleHooks[];
  /** Records model fallbacks on the run's log. */
  onModelFallback?: (from: string, to: string, reason: string) => void;
}

/**
 * Assembles the engine for one run from its pinned agent version: the configured model endpoint
 * (or, without one, the runtime's offline demo script), the platform tools the version enables,
 * and the platform's lifecycle hooks (tool-call ledger).
 */
export function buildRunEngine(options: BuildRunEngineOptions): Engine {
  const { config } = options;
  const model = config.model ? gatewayFor(options) : undefined;
  return createEngine(
    { agentId: options.agentId, versionId: options.versionId, config },
    {
      ...(model ? { model } : {}),
      hooks: options.hooks,
      configureTools: (registry) => {
        for (const tool of options.tools.select(config.tools)) registry.register(tool);
      },
      createInstanceId: () => options.runId,
    },
  );
}

function gatewayFor(options: BuildRunEngineOptions): ModelGateway {
  const { config } = options;
  return createModelGateway(config.model!, {
    fallbacks: config.fallbackModels,
    onFallback: (event) => options.onModelFallback?.(event.from, event.to, event.error.message),
  });
}
