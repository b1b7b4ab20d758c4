import { createEngine, type AnyTool, type Engine, type LifecycleHooks, type MemoryPort, type MemoryScope, type ModelGateway, type WaitPort } from '@agentloom/runtime';

import type { AgentVersionConfig } from '../../agents/agent-version-config';
import type { ModelConnector } from '../../outbound/model-connector';
import type { ToolCatalog } from '../../tools/tool-catalog';

export interface BuildRunEngineOptions {
  runId: string;
  agentId: string;
  versionId: string;
  config: AgentVersionConfig;
  tools: ToolCatalog;
  /** Tools of this run only (the version's pinned MCP tools), registered beside the catalog's. */
  extraTools?: readonly AnyTool[];
  hooks: LifecycleHooks[];
  /** Cap on each tool call's output (bytes); the runtime's default when absent. */
  toolOutputMaxBytes?: number;
  /** Long-term memory for the memory tools and automatic injection, scoped to the run. */
  memory?: { port: MemoryPort; scope: MemoryScope };
  /** The durable wait store for the wait tools (sleep, wait_until, wait_for_event) the version lists. */
  waits?: WaitPort;
  /** How long an aborted tool call may take to stop before it is abandoned. */
  toolAbortGraceMs?: number;
  /** Builds the model gateway: opens the sealed API keys, sends every request through the outbound policy. */
  models: ModelConnector;
  /** Records model fallbacks on the run's log. */
  onModelFallback?: (from: string, to: string, reason: string) => void;
}

/**
 * Assembles the engine for one run from its pinned agent version: the configured model endpoint
 * (or, without one, the runtime's offline demo script), the platform tools the version enables,
 * the platform's lifecycle hooks (tool-call ledger), and memory scoped to the run's tenant, agent
 * and thread (memory_search / memory_store, and injection when the config asks for it).
 */
export function buildRunEngine(options: BuildRunEngineOptions): Engine {
  const { config } = options;
  const model = config.model ? gatewayFor(options) : undefined;
  return createEngine(
    { agentId: options.agentId, versionId: options.versionId, config },
    {
      ...(model ? { model } : {}),
      hooks: options.hooks,
      ...(options.toolAbortGraceMs !== undefined ? { toolAbortGraceMs: options.toolAbortGraceMs } : {}),
      ...(options.toolOutputMaxBytes ? { toolOutputMaxBytes: options.toolOutputMaxBytes } : {}),
      ...(options.memory ? { memory: options.memory } : {}),
      ...(options.waits ? { waits: options.waits } : {}),
      configureTools: (registry) => {
        for (const tool of options.tools.select(config.tools)) registry.register(tool);
        for (const tool of options.extraTools ?? []) registry.register(tool);
      },
      createInstanceId: () => options.runId,
    },
  );
}

function gatewayFor(options: BuildRunEngineOptions): ModelGateway {
  const { config } = options;
  return options.models.gateway(config.model!, {
    fallbacks: config.fallbackModels,
    onFallback: (event) => options.onModelFallback?.(event.from, event.to, event.error.message),
  });
}
